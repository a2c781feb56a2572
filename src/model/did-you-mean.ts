/** "Did you mean …?" suggestions by edit distance, for unknown fields, values and references. */

export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0] as number;
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j] as number;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      previous[j] = Math.min(above + 1, (previous[j - 1] as number) + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[b.length] as number;
}

/** The closest candidate, when it is close enough to be a likely typo (case is ignored when comparing). */
export function closestMatch(input: string, candidates: Iterable<string>): string | undefined {
  const needle = input.toLowerCase();
  const list = [...candidates];
  // A shortened name ("mlFeatureProps") is a likely mistake even when the edit distance is large: suggest the
  // one candidate that shares all but the last two characters of the input as its prefix.
  const stem = needle.slice(0, Math.max(4, needle.length - 2));
  const extended =
    needle.length >= 6 ? list.filter((candidate) => candidate.toLowerCase().startsWith(stem)) : [];
  if (extended.length === 1) return extended[0];
  const limit = Math.max(2, Math.floor(input.length / 3));
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of list) {
    const distance = editDistance(needle, candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}

export function didYouMean(input: string, candidates: Iterable<string>): string | undefined {
  const match = closestMatch(input, candidates);
  return match === undefined ? undefined : `did you mean '${match}'?`;
}
