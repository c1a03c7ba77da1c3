// Selfies embedded ahead of their search: when a selfie's upload lands on this process (the disk store's signed
// PUT), its embedding starts at once, so that the search that follows a moment later finds it done or under way
// instead of queueing it only then (in a rush the search request itself waits behind the other runners' uploads).
// Kept by the upload's key, for the search of that key only, at most `keepMs` (the selfie's own lifetime), and
// bounded in number. A search that finds none embeds its selfie itself: nothing depends on this.

export class PreparedSelfies<T> {
  private readonly entries = new Map<string, { result: Promise<T>; at: number }>();

  constructor(
    private readonly keepMs: number,
    private readonly most: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts `embed` for the upload's key, unless one is already kept for it or `most` are kept. */
  prepare(key: string, embed: () => Promise<T>): void {
    this.dropExpired();
    if (this.entries.has(key) || this.entries.size >= this.most) return;
    const result = embed();
    // Never searched (the runner left), a failure has no one to tell: the search, if any, gets it from take().
    result.catch(() => undefined);
    this.entries.set(key, { result, at: this.now() });
  }

  /** Whether an embedding is kept for the key (done or under way). */
  has(key: string): boolean {
    this.dropExpired();
    return this.entries.has(key);
  }

  /** The kept embedding of the key, given once (then forgotten), or undefined. */
  take(key: string): Promise<T> | undefined {
    this.dropExpired();
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry?.result;
  }

  get size(): number {
    return this.entries.size;
  }

  private dropExpired(): void {
    const oldest = this.now() - this.keepMs;
    // Insertion order is age order: stop at the first one still fresh.
    for (const [key, entry] of this.entries) {
      if (entry.at > oldest) break;
      this.entries.delete(key);
    }
  }
}
