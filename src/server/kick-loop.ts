/**
 * The coalescing "kick" every background job here shares (scheduled publishing, the social web's
 * outbox, the outgoing mail queues): a kick runs the job now; kicks that come while it runs are
 * folded into one more run after it; after `close()` kicks do nothing. The job's errors go to
 * `onError` (it is run again on the next kick), so a kick never rejects.
 */
export class KickLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(
    private readonly job: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Run now, or once more after the current run; resolves when the runs are over. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.job().catch(this.onError);
      } while (this.again && !this.closed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Wait until no run is going, including runs kicked while waiting. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Take no more kicks and wait for the current run to end. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }
}
