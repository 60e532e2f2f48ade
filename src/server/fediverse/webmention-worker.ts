import type { AppContext } from "../context";
import { webmentionsReceived, webmentionsSent } from "../db/schema";
import { KickLoop } from "../kick-loop";
import { type Job, WebmentionQueue } from "./webmention-queue";
import { sendDue } from "./webmention-send";
import { verifyReceived } from "./webmention-verify";

/**
 * Both Webmention queues, drained by one loop in every process (the database hands each row to
 * one): received mentions are verified, due sends are sent. A kick comes from the endpoint, from
 * the post subscriber (subscribers.ts) and at start.
 */
export class WebmentionWorker {
  private readonly loop = new KickLoop(
    () => this.drain(),
    (error) => this.log("webmention: the queue stopped on an error", error),
  );
  private readonly received: WebmentionQueue;
  private readonly sent: WebmentionQueue;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (message: string, error?: unknown) => void,
  ) {
    this.received = new WebmentionQueue(ctx, webmentionsReceived);
    this.sent = new WebmentionQueue(ctx, webmentionsSent);
  }

  kick(): Promise<void> {
    return this.loop.kick();
  }

  /** Wait for the queue to be drained (tests). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  close(): Promise<void> {
    return this.loop.close();
  }

  private async run(queue: WebmentionQueue, job: Job, work: () => Promise<void>): Promise<void> {
    try {
      await work();
      await queue.done(this.ctx.db, job);
    } catch (error) {
      this.log("webmention: will try again", error);
      await queue.failed(job);
    }
  }

  private async drain(): Promise<void> {
    for (;;) {
      const job = await this.received.claim();
      if (!job) break;
      await this.run(this.received, job, () => verifyReceived(this.ctx, job.id));
    }
    for (;;) {
      const job = await this.sent.claim();
      if (!job) break;
      await this.run(this.sent, job, () => sendDue(this.ctx, job));
    }
  }
}
