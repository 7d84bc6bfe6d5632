/**
 * The all-doctors reply, ready to send (bytes, validator, compressed forms: `PreparedReply`). Building it costs a few database queries; serving
 * it from memory is what lets the list keep up with a plain HTTP server. `invalidate()` is called
 * on every change (booking, cancel, admin edit) in this process and, on PostgreSQL, when another
 * process NOTIFYs one.
 *
 * A generation counter guards the race where a change lands while a build is in flight: that
 * build's bytes are handed to the waiting requests but not kept.
 */
export class DoctorsCache<T> {
  private bytes: T | null = null;
  private building: Promise<T> | null = null;
  private generation = 0;

  constructor(private readonly build: () => Promise<T>) {}

  get(): Promise<T> {
    if (this.bytes) return Promise.resolve(this.bytes);
    if (this.building) return this.building;
    const started = this.generation;
    const building = this.build().then(
      (bytes) => {
        if (this.generation === started) this.bytes = bytes;
        if (this.building === building) this.building = null;
        return bytes;
      },
      (error: unknown) => {
        if (this.building === building) this.building = null;
        throw error;
      },
    );
    this.building = building;
    return building;
  }

  /** The reply when it is in memory now, else `null` (nothing is built). */
  peek(): T | null {
    return this.bytes;
  }

  invalidate(): void {
    this.generation += 1;
    this.bytes = null;
    this.building = null;
  }
}
