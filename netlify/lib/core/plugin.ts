/**
 * A plugin and its settings (docs/decisions/0043-plugins.md): one folder under `add-ons/`, listed on one line in
 * netlify/lib/compose.ts, with its settings parts, its hooks loaded when on, and its privacy hooks.
 */
import type { AddOn } from "./add-on";
import type { PluginSettings, ServerConfig } from "./config";
import type { LeadRecord } from "./leads/lead-record";
import type { JsonBlobs } from "../kit/json-blobs";
import type { Env, Setting } from "../kit/settings";
import type { StorageName } from "../kit/storage";

/**
 * One part of a plugin's settings: its name in the report, its variables, and its reader, which needs only `env` and
 * the values of the parts read before it (PLUGINS' order) that are on.
 */
export interface SettingsPart<K extends keyof PluginSettings = keyof PluginSettings> {
  /** Where the value goes in `ServerConfig` while on. */
  key: K;
  name: string;
  variables: readonly string[];
  /**
   * May throw: the composition's guard turns the part off and names its variables. `on` lets a part that needs
   * another plugin's be off without it (docs/decisions/0047-slack-plugin.md); most ignore it.
   */
  read: (env: Env, on: Partial<PluginSettings>) => Setting<NonNullable<PluginSettings[K]>>;
}

/**
 * Test doubles a plugin takes when loaded, each under its own field that its plugin module declares (as
 * `PluginSettings`); production passes none.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each plugin's declaration
export interface PluginOverrides {}

/**
 * A plugin: one folder under `add-ons/`, listed on one line in compose.ts (docs/decisions/0043-plugins.md). Its
 * settings parts are read for every function; `load` imports its hooks only when its settings are on, and
 * resolves undefined when off.
 */
export interface Plugin {
  readonly name: string;
  readonly settings?: readonly SettingsPart[];
  /** Adjusts its settings once every plugin's are read, e.g. to what another plugin being on allows. */
  settle?: (config: ServerConfig) => Partial<PluginSettings> | undefined;
  load?: (config: ServerConfig, overrides: PluginOverrides) => Promise<AddOn | undefined>;
  /** Its stored data's part in retention, erasure and export; called whether it is on or off. */
  readonly privacy?: PrivacyHooks;
}

/** What a prune reaches: the lead store, the limits store, every stored lead's id (listed anew on each call), now. */
export interface PruneTargets {
  leads: JsonBlobs;
  limits: JsonBlobs;
  leadIds: () => Promise<ReadonlySet<string>>;
  now: Date;
}

/** One prune of the retention run: what it deletes (named in the log), the entries it covers, and how many keys went. */
export interface Prune {
  what: string;
  covers: readonly StorageName[];
  run: (targets: PruneTargets) => Promise<number>;
}

/**
 * What a plugin's export columns read for one lead besides its record: each plugin declares its own optional field
 * (as `PluginSettings`), filled by its `read` or by a job that holds it already.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each plugin's declaration
export interface LeadExportRow {}

/** One column of the leads export: its header and a lead's cell, from its record and its row. */
export type LeadColumn = readonly [name: string, cell: (lead: LeadRecord, row: LeadExportRow) => unknown];

/** A plugin's part of the leads export: its columns, and what they read beside each lead's record. */
export interface LeadExport {
  readonly columns: readonly LeadColumn[];
  /**
   * Each of `leads`' row fields, read from the lead store's `blobs` with the plugin's `settings`; rejects when
   * the store cannot be read (the export then fails rather than show a blank).
   */
  read?: (
    leads: readonly LeadRecord[],
    blobs: JsonBlobs,
    settings: Partial<PluginSettings>,
  ) => Promise<ReadonlyMap<string, LeadExportRow>>;
}

/**
 * A plugin's part in retention, erasure and export (docs/decisions/0045-privacy-hooks.md). On the plugin, not its
 * add-on: stored data outlives a setting, so these run whether it is on or off; each imports its code when called.
 */
export interface PrivacyHooks {
  /** The retention run's prunes of its stored entries. */
  prunes?: () => Promise<readonly Prune[]>;
  /** Deletes what of lead `id` only its own records lead to; runs before the lead's keys go. May throw. */
  eraseLead?: (blobs: JsonBlobs, id: string) => Promise<void>;
  /** Its columns of the leads export, placed after the core's in PLUGINS' order. */
  leadExport?: () => Promise<LeadExport>;
  /** The copy of leads a partner keeps outside the site, which erasure names and, when asked, has it erase. */
  partnerCopy?: () => Promise<PartnerCopy>;
}

/** A partner's answer to one erasure: whether its record is gone, and one line for the owner, by status only. */
export interface PartnerErasure {
  ok: boolean;
  line: string;
}

/**
 * A copy of leads a partner keeps under its own retention, not the site's (docs/decisions/0049-hubspot-plugin.md,
 * docs/decisions/0045-privacy-hooks.md). Erasure finds it through the partner's id stored on each lead and erases it
 * by that id only: an address typed by the owner could name someone else's record.
 */
export interface PartnerCopy {
  /** The partner as the owner knows it, in the owner's reports, e.g. a CRM's name. */
  readonly holder: string;
  /** What the partner calls its record, in the owner's reports and question, e.g. "contact". */
  readonly record: string;
  /** The partner's id of its record of `lead`, as the lead keeps it; undefined when it holds none known. */
  recordOf(lead: LeadRecord): string | undefined;
  /**
   * Asks the partner to erase its record `recordId`, with the plugin's settings read from `env`. Never throws: a
   * setting off or invalid, a refusal or no answer is `ok: false` with a line that names the variable or the
   * answer's status, never a credential's value nor the person's data.
   */
  erase(recordId: string, env: Env): Promise<PartnerErasure>;
}

/** `part`, typed by its key (an array of parts mixes keys). */
export const settingsPart = <K extends keyof PluginSettings>(part: SettingsPart<K>) => part as SettingsPart;
