/**
 * Keeps a lead's stored copy in step with its delivery (docs/requirements.md#lead-path-and-alerts):
 * the lead as it changes, whether the store holds that version, and which accepted sends it does
 * not hold yet. A failed write is retried; when it still fails after a send was accepted, the log
 * says `SENT-UNRECORDED <id>` and the stored copy keeps that channel `sending`, which the retry
 * job never sends again (core/delivery/retry-job.ts).
 *
 * Its state, in short: `change()` replaces the lead in memory and bumps `version`; `save()` chains
 * a write onto the one in progress (channels deliver side by side, their writes go one at a time,
 * so an older version never lands after a newer one) and writes only when something changed
 * (`dirty`); a write that finds `version` moved on while it ran leaves `dirty` set, so the next
 * `save()` writes the newer version. The writes of one request are drawn in
 * docs/architecture.md ("Blobs writes per request").
 */
import pRetry from "p-retry";
import type { ChannelName, LeadRecord } from "./lead-record";
import type { LeadStore } from "./lead-store";
import { errorName, logError } from "../../kit/log";

/** Writes after the first: 2, waiting about 100 then 200 ms. */
const WRITE_RETRIES = { retries: 2, minTimeout: 100 };

export class LeadRecorder {
  private dirty = false;
  private readonly unrecordedSends = new Set<ChannelName>();
  /** Bumped by every change, so a write knows whether it saved the latest version. */
  private version = 0;
  /** The write in progress: channels deliver side by side, their writes go one at a time. */
  private writing: Promise<boolean> = Promise.resolve(true);

  /**
   * @param store where the lead is stored, or null when it could not be (its sends then go
   *   ahead with nothing recorded)
   * @param lead the lead as the store holds it
   */
  constructor(
    readonly store: LeadStore | null,
    private current: LeadRecord,
  ) {}

  get lead(): LeadRecord {
    return this.current;
  }

  /** True when the lead is stored and every change is saved. */
  get recorded(): boolean {
    return this.store !== null && !this.dirty;
  }

  /** Replaces the lead; `acceptedOn` names a channel whose send this change records as accepted. */
  change(next: LeadRecord, acceptedOn?: ChannelName): void {
    this.current = next;
    this.dirty = true;
    this.version += 1;
    if (acceptedOn) this.unrecordedSends.add(acceptedOn);
  }

  /**
   * Writes the lead if it changed, retrying twice, after any write already in progress (so an
   * older version never lands after a newer one). Never throws.
   * @returns false when the write failed: nothing new may then be sent for this lead
   */
  save(): Promise<boolean> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  private async write(): Promise<boolean> {
    const store = this.store;
    if (!store || !this.dirty) return true;
    const lead = this.current;
    const version = this.version;
    try {
      await pRetry(() => store.update(lead), WRITE_RETRIES);
    } catch (error) {
      const fields = { reason: errorName(error) };
      if (this.unrecordedSends.size > 0) {
        logError(`SENT-UNRECORDED ${lead.id}`, { ...fields, channels: [...this.unrecordedSends].join(",") });
      } else {
        logError("lead update failed", { requestId: lead.id, ...fields });
      }
      return false;
    }
    // A change made while this write ran is still to be written.
    if (this.version === version) {
      this.dirty = false;
      this.unrecordedSends.clear();
    }
    return true;
  }
}
