/**
 * Keeps a lead's stored copy in step with its delivery (docs/requirements.md#lead-path-and-alerts); writes are chained.
 * An accepted send left unrecorded is logged `SENT-UNRECORDED <id>` and stays `sending`, never resent.
 */
import pRetry from "p-retry";
import type { ChannelName, LeadRecord } from "./lead-record";
import type { LeadStore } from "./lead-store";
import { errorName, logError } from "../../kit/log";

const WRITE_RETRIES = { retries: 2, minTimeout: 100 };

export class LeadRecorder {
  private dirty = false;
  private readonly unrecordedSends = new Set<ChannelName>();
  private version = 0;
  private writing: Promise<boolean> = Promise.resolve(true);

  constructor(
    readonly store: LeadStore | null,
    private current: LeadRecord,
  ) {}

  get lead(): LeadRecord {
    return this.current;
  }

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

  /** Writes the lead if changed, retrying twice; false when it failed (nothing new may be sent). Never throws. */
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
