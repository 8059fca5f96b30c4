/**
 * The stems of one Hunspell dictionary with their affix flags, packed for memory (issue 13 item 3): all stems in
 * one sorted string, their start offsets in a typed array, and each stem's flags as an index into a table of the
 * distinct flag strings. A Map of 300,000 stems cost ~20 MB of heap per large list (Turkish, Polish, Portuguese);
 * this costs about the size of the words themselves. Look-ups are binary searches (~20 comparisons, no allocation).
 *
 * It also round-trips through one binary file, so that a process reads a list in milliseconds instead of
 * parsing the .dic again (see lexiconCache.ts).
 */

export interface StemTable {
  /** The flags of `stem` (several homographs' flags joined by a space), or undefined when it is no stem. */
  get(stem: string): string | undefined;
  readonly size: number;
}

interface Packed {
  /** Every stem, sorted by UTF-16 code units, each followed by '\n'. */
  text: string;
  /** Start of stem i in `text`; one more entry: the end. */
  starts: Uint32Array;
  /** Index into `flags` for stem i. */
  flagIndex: Uint32Array;
  flags: string[];
}

/** -1, 0, 1 as `word` sorts before, equal to or after the stem `text[start, end)`, without slicing. */
function compareAt(word: string, text: string, start: number, end: number): number {
  const length = end - start;
  const n = Math.min(word.length, length);
  for (let i = 0; i < n; i++) {
    const a = word.charCodeAt(i);
    const b = text.charCodeAt(start + i);
    if (a !== b) return a < b ? -1 : 1;
  }
  return word.length === length ? 0 : word.length < length ? -1 : 1;
}

function tableOf(packed: Packed): StemTable {
  const { text, starts, flagIndex, flags } = packed;
  const count = flagIndex.length;
  return {
    size: count,
    get(stem) {
      let low = 0;
      let high = count - 1;
      while (low <= high) {
        const mid = (low + high) >>> 1;
        // starts[mid + 1] - 1: the stem ends before its '\n'.
        const order = compareAt(stem, text, starts[mid], starts[mid + 1] - 1);
        if (order === 0) return flags[flagIndex[mid]];
        if (order < 0) high = mid - 1;
        else low = mid + 1;
      }
      return undefined;
    },
  };
}

/** Packs stem → flags (as the .dic reader collects them) into a {@link StemTable}. */
export function packStems(stems: ReadonlyMap<string, string>): { table: StemTable; toBuffer(): Buffer } {
  const sorted = [...stems.keys()].sort();
  const flagIds = new Map<string, number>();
  const flags: string[] = [];
  const flagIndex = new Uint32Array(sorted.length);
  const starts = new Uint32Array(sorted.length + 1);
  let offset = 0;
  sorted.forEach((stem, i) => {
    starts[i] = offset;
    offset += stem.length + 1;
    const raw = stems.get(stem) as string;
    let id = flagIds.get(raw);
    if (id === undefined) {
      id = flags.length;
      flags.push(raw);
      flagIds.set(raw, id);
    }
    flagIndex[i] = id;
  });
  starts[sorted.length] = offset;
  const packed: Packed = { text: sorted.map((stem) => `${stem}\n`).join(''), starts, flagIndex, flags };
  return { table: tableOf(packed), toBuffer: () => serialise(packed) };
}

/**
 * File layout (little-endian): u32 count, u32 byte length of the flag table (JSON), the table, padding to 4
 * bytes, `count` u32 flag indexes, then the stems as UTF-8, each ended by '\n' (the starts are found again on
 * reading: one pass, and V8 keeps a Latin-1 list as a one-byte string).
 */
function serialise(packed: Packed): Buffer {
  const flagJson = Buffer.from(JSON.stringify(packed.flags), 'utf8');
  const head = Buffer.alloc(8);
  head.writeUInt32LE(packed.flagIndex.length, 0);
  head.writeUInt32LE(flagJson.length, 4);
  const pad = Buffer.alloc((4 - (flagJson.length % 4)) % 4);
  return Buffer.concat([
    head,
    flagJson,
    pad,
    Buffer.from(packed.flagIndex.buffer, packed.flagIndex.byteOffset, packed.flagIndex.byteLength),
    Buffer.from(packed.text, 'utf8'),
  ]);
}

/** Reads a table written by {@link packStems}' `toBuffer`; throws on a file that does not add up. */
export function readStemTable(data: Buffer): StemTable {
  const count = data.readUInt32LE(0);
  const flagLength = data.readUInt32LE(4);
  let at = 8;
  const flags = JSON.parse(data.subarray(at, at + flagLength).toString('utf8')) as string[];
  at += flagLength + ((4 - (flagLength % 4)) % 4);
  // A copy: a typed array must be 4-byte aligned, which a slice of a file buffer need not be.
  const flagIndex = new Uint32Array(count);
  Buffer.from(flagIndex.buffer).set(data.subarray(at, at + 4 * count));
  at += 4 * count;
  const text = data.subarray(at).toString('utf8');
  const starts = new Uint32Array(count + 1);
  let stem = 0;
  for (let i = 0; i < text.length && stem < count; i++) if (text.charCodeAt(i) === 10) starts[++stem] = i + 1;
  const complete = stem === count && starts[count] === text.length && flagIndex.every((id) => id < flags.length);
  if (!Array.isArray(flags) || !complete) throw new Error('stem table: the file does not add up (truncated or of another version)');
  return tableOf({ text, starts, flagIndex, flags });
}
