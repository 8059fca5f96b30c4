/**
 * Runs thumbnail jobs one per macrotask, so baking 40-odd lookup tables never blocks a frame for
 * long and a slider or scroll stays responsive while the grid fills in.
 */
type Job = () => void;

const queue: Job[] = [];
let scheduled = false;

function pump(): void {
  scheduled = false;
  const job = queue.shift();
  if (job) {
    try {
      job();
    } catch (error) {
      console.error('filter thumbnail failed', error);
    }
  }
  if (queue.length) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(pump, 0);
}

/** Queues a job; the returned function cancels it if it has not run yet. */
export function enqueueThumbnail(job: Job): () => void {
  queue.push(job);
  schedule();
  return () => {
    const index = queue.indexOf(job);
    if (index >= 0) queue.splice(index, 1);
  };
}
