/** One occurrence found by a {@link PhraseMatcher}: [start, end) in UTF-16 units of the searched text. */
export interface PhraseHit {
  start: number;
  end: number;
  phrase: string;
}

/** Finds every occurrence (overlaps included) of any of its phrases. */
export type PhraseMatcher = (text: string) => PhraseHit[];

/**
 * Aho-Corasick automaton over UTF-16 units: one pass over the text finds all occurrences of all phrases.
 *
 * Written here rather than taken from mint-filter@4.0.3 because that one follows no output (dictionary suffix)
 * links: with the entries 大傻逼x and 傻逼 it finds nothing in "你是大傻逼". Phrases are matched exactly as given
 * (the caller folds case first).
 */
export function buildPhraseMatcher(phrases: readonly string[]): PhraseMatcher {
  const children: Map<string, number>[] = [new Map()];
  const fail: number[] = [0];
  const outputs: string[][] = [[]];

  for (const phrase of new Set(phrases)) {
    if (!phrase) continue;
    let node = 0;
    for (let k = 0; k < phrase.length; k++) {
      const unit = phrase[k];
      let next = children[node].get(unit);
      if (next === undefined) {
        next = children.length;
        children.push(new Map());
        fail.push(0);
        outputs.push([]);
        children[node].set(unit, next);
      }
      node = next;
    }
    outputs[node].push(phrase);
  }

  // Breadth first, so a node's fail target is finished before the node; outputs gather along the fail chain.
  const queue: number[] = [...children[0].values()];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const [unit, child] of children[node]) {
      if (node !== 0) {
        let target = fail[node];
        while (target !== 0 && !children[target].has(unit)) target = fail[target];
        fail[child] = children[target].get(unit) ?? 0;
      }
      outputs[child] = [...outputs[child], ...outputs[fail[child]]];
      queue.push(child);
    }
  }

  return (text) => {
    const hits: PhraseHit[] = [];
    let node = 0;
    for (let i = 0; i < text.length; i++) {
      const unit = text[i];
      while (node !== 0 && !children[node].has(unit)) node = fail[node];
      node = children[node].get(unit) ?? 0;
      for (const phrase of outputs[node]) hits.push({ start: i + 1 - phrase.length, end: i + 1, phrase });
    }
    return hits;
  };
}
