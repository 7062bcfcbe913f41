/**
 * How a word of a seller list is matched to what we know (ADR 056): a header to a lead field, a value to
 * one of an enumeration's values. Not a longer word list but a rule that reaches words no list holds:
 * both sides become tokens (case, accents, punctuation, camel case and digits undone), common
 * abbreviations are spelt out, each token is stemmed ("Mailer", "mailing", "mails" are "mail"), filler
 * words drop out ("lead", "list", "the"), and tokens match when equal, when one starts the other, or within
 * a small edit distance. The score says how much of a known spelling the words cover, and how much of the
 * words the spelling explains. Pure: the browser imports it too.
 */

/** Abbreviations lists use for words we know, spelt out before stemming. */
const ABBREVIATIONS: Record<string, string> = {
  dm: "direct mail",
  d4d: "driving for dollars",
  dfd: "driving for dollars",
  ppc: "pay per click",
  fb: "facebook",
  ig: "instagram",
  sfr: "single family",
  sfh: "single family",
  mfr: "multi family",
  mfh: "multi family",
  th: "townhouse",
  rvm: "ringless voicemail",
  addr: "address",
  ph: "phone",
  tel: "phone",
  cell: "mobile",
  mob: "mobile",
  fname: "first name",
  lname: "last name",
  zipcode: "zip",
  postcode: "zip",
  postal: "zip",
  apn: "parcel",
  est: "estimated",
  prop: "property",
  alt: "alternate",
  sec: "secondary",
  dup: "duplex",
  biz: "business",
  reo: "bank owned",
  vm: "voicemail",
  txt: "text",
  sms: "text",
};

/** Words that say nothing about what a value or a column is. */
export const FILLER_WORDS: ReadonlySet<string> = new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "from",
  "via",
  "by",
  "to",
  "for",
  "per",
  "our",
  "my",
  "lead",
  "list",
  "ish",
  "source",
  "campaign",
]);

/** Endings dropped to reach a word's stem, longest first ("mailers" -> "mail", "traced" -> "trac"). */
const ENDINGS = ["ings", "ing", "ers", "er", "ies", "ied", "es", "ed", "s", "y", "e"];

/**
 * A word's stem: known endings dropped, again and again, while at least 3 letters stay, so every form
 * of a word ends at the same stem ("othered" and "other" are "oth", "mailers" and "mail" are "mail").
 */
export function stem(word: string): string {
  if (/\d/.test(word)) return word;
  let current = word;
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const ending of ENDINGS) {
      if (current.endsWith(ending) && current.length - ending.length >= 3) {
        current = current.slice(0, -ending.length);
        dropped = true;
        break;
      }
    }
  }
  return current;
}

/** A word that runs a filler word into the next ("propertytype", "sellerstate"), as the two words. */
function splitFiller(word: string, filler: ReadonlySet<string>): string[] {
  for (const lead of filler) {
    if (lead.length >= 4 && word.length >= lead.length + 4 && word.startsWith(lead)) {
      return [lead, word.slice(lead.length)];
    }
  }
  return [word];
}

/**
 * The tokens of a text as the matcher compares them: "OWNER_FIRST" -> owner, first; "Phone2" -> phone;
 * "Skip-Traced List" -> skip, trac; "D4D" -> driv, dollar. Numbers alone are dropped (columns number
 * their phones; values their grades). `filler` words are dropped unless nothing else is left.
 */
export function tokensOf(text: string, filler: ReadonlySet<string> = FILLER_WORDS): string[] {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    // camelCase and letters next to digits are separate words ("ownerFirst", "Phone2"), except
    // abbreviations that hold a digit ("d4d").
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .flatMap((word) =>
      ABBREVIATIONS[word]
        ? [word]
        : word
            .replace(/([a-z])(\d)/g, "$1 $2")
            .replace(/(\d)([a-z])/g, "$1 $2")
            .split(" "),
    )
    .flatMap((word) => ABBREVIATIONS[word]?.split(" ") ?? [word])
    .filter((word) => word !== "" && !/^\d+$/.test(word));
  const parts = words.flatMap((word) => splitFiller(word, filler));
  const meaningful = parts.filter((word) => !filler.has(word) && !filler.has(stem(word)));
  return (meaningful.length > 0 ? meaningful : parts).map(stem);
}

/** The edit distance of two short words, or `limit + 1` once it is over `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** Whether two stems are the same word: equal, or (5+ letters) one the other's start or a typo apart. */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  // Only longer words: "stat" (state) is not "statu" (status), "mail" is not "email".
  if (short.length < 5 || /\d/.test(a + b)) return false;
  if (long.startsWith(short)) return true;
  // A typo rarely hits the first letter: "zestimate" is a name of its own, not "estimate".
  if (a[0] !== b[0]) return false;
  const limit = short.length >= 8 ? 2 : 1;
  return editDistance(a, b, limit) <= limit;
}

/**
 * Whether one word is the known tokens written without spaces: they start it and follow in order, with
 * at most a few letters between (their endings, a "for"): "drivefordollars" is drive, dollar.
 */
function runTogether(word: string, known: readonly string[]): boolean {
  if (!word.startsWith(known[0]!)) return false;
  let at = 0;
  let letters = 0;
  for (const token of known) {
    const found = word.indexOf(token, at);
    if (found === -1 || found - at > 6) return false;
    at = found + token.length;
    letters += token.length;
  }
  return word.length - letters <= 8;
}

/** How much of a known spelling the words cover, and how much of the words it explains (0 to 1 each). */
function overlap(words: readonly string[], known: readonly string[]): { covered: number; explained: number } {
  if (words.length === 0 || known.length === 0) return { covered: 0, explained: 0 };
  // Words run together ("COLDCALL", "singlefamily") are the known spelling with its spaces lost.
  if (words.length === 1 && known.length > 1 && runTogether(words[0]!, known)) {
    return { covered: 1, explained: 1 };
  }
  const free = [...words];
  let matched = 0;
  for (const token of known) {
    const at = free.findIndex((word) => sameWord(word, token));
    if (at === -1) continue;
    free.splice(at, 1);
    matched++;
  }
  return { covered: matched / known.length, explained: matched / words.length };
}

/**
 * How well `words` (a list's) match `known` (one of our spellings), from 0 to 1: the share of the known
 * spelling they cover, weighted by the share of the words it explains ("Website Form" covers "website"
 * fully and is half explained by it: 0.85). Each token is used once.
 */
export function matchScore(words: readonly string[], known: readonly string[]): number {
  const { covered, explained } = overlap(words, known);
  return covered * (0.7 + 0.3 * explained);
}

/** A confident match at or above this score is proposed without asking. */
export const CONFIDENT = 0.75;
/** The best target must lead the next by this much, or the words are ambiguous between them. */
const MARGIN = 0.1;

/** What a known target is called: its own spellings, as tokens. */
export interface Vocabulary<T extends string> {
  target: T;
  spellings: readonly (readonly string[])[];
}

/** Spellings as the matcher keeps them: each tokenised once. */
export function vocabulary<T extends string>(
  entries: readonly { target: T; spellings: readonly string[] }[],
  filler?: ReadonlySet<string>,
): Vocabulary<T>[] {
  return entries.map(({ target, spellings }) => ({
    target,
    spellings: spellings.map((spelling) => tokensOf(spelling, filler)).filter((t) => t.length > 0),
  }));
}

export interface Match<T extends string> {
  target: T;
  /** 0 to 1; at least CONFIDENT when proposed without asking. */
  confidence: number;
}

/**
 * The target `text` most likely means, with its score; null when no target scores at least `floor` or
 * two targets score too close to tell.
 */
export function bestMatch<T extends string>(
  text: string,
  known: readonly Vocabulary<T>[],
  {
    floor = CONFIDENT,
    filler,
    explained = 0,
  }: {
    floor?: number;
    filler?: ReadonlySet<string>;
    /** The share of the words a spelling must explain ("Last Sale Date" is not "Last name"). */
    explained?: number;
  } = {},
): Match<T> | null {
  const words = tokensOf(text, filler);
  if (words.length === 0) return null;
  const scoreOf = (spelling: readonly string[]) => {
    const found = overlap(words, spelling);
    return found.explained < explained ? 0 : found.covered * (0.7 + 0.3 * found.explained);
  };
  let best: Match<T> | null = null;
  let runnerUp = 0;
  for (const { target, spellings } of known) {
    const score = Math.max(0, ...spellings.map(scoreOf));
    if (!best || score > best.confidence) {
      if (best && best.target !== target) runnerUp = Math.max(runnerUp, best.confidence);
      best = { target, confidence: score };
    } else if (target !== best.target) {
      runnerUp = Math.max(runnerUp, score);
    }
  }
  if (!best || best.confidence < floor || best.confidence - runnerUp < MARGIN) return null;
  return { target: best.target, confidence: Math.round(best.confidence * 100) / 100 };
}
