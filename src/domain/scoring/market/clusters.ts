/**
 * Finds runs of events where some sliding window holds at least `minDistinct` distinct actors, merging
 * overlapping dense windows into one cluster. Two pointers over time-ordered events: linear.
 */
export function denseClusters<T>(
  events: readonly T[],
  position: (event: T) => number,
  actor: (event: T) => string,
  windowSize: number,
  minDistinct: number,
): T[][] {
  const clusters: T[][] = [];
  const counts = new Map<string, number>();
  let left = 0;
  let current: { start: number; end: number } | null = null;
  const flush = (): void => {
    if (current !== null) clusters.push(events.slice(current.start, current.end + 1));
    current = null;
  };
  for (let right = 0; right < events.length; right++) {
    const event = events[right]!;
    counts.set(actor(event), (counts.get(actor(event)) ?? 0) + 1);
    while (position(event) - position(events[left]!) >= windowSize) {
      const gone = actor(events[left]!);
      const n = (counts.get(gone) ?? 1) - 1;
      if (n === 0) counts.delete(gone);
      else counts.set(gone, n);
      left++;
    }
    if (counts.size < minDistinct) continue;
    if (current !== null && left <= current.end) current.end = right;
    else {
      flush();
      current = { start: left, end: right };
    }
  }
  flush();
  return clusters;
}
