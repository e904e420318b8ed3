export const HUBSPOT_LOCAL_TOKEN: "local";
export type HubspotObject = {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  archivedAt?: string;
};
export type HubspotNote = HubspotObject & { contactIds: string[] };
export type HubspotOwner = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: number;
  userIdIncludingInactive: number;
  type: "PERSON";
  archived: boolean;
  createdAt: string;
  updatedAt: string;
};
export type HubspotState = {
  contacts: HubspotObject[];
  notes: HubspotNote[];
  owners: HubspotOwner[];
  /** The calls answered 429 for the rate limit since the start or the last clear. */
  rateLimited: number;
};
export type HubspotSink = {
  /** What HUBSPOT_API_BASE_URL holds. */
  url: string;
  port: number;
  state(): HubspotState;
  clear(): void;
  close(): Promise<void>;
};
export function startHubspotSink(options?: {
  port?: number;
  owners?: { name: string; email?: string }[];
  now?: () => number;
}): Promise<HubspotSink>;
