/**
 * The boundary tool's config, printed by the settings screen as JSON (includes/boundaries/boundaries-screen.php):
 * read once and checked, so that a page that lacks a key says which.
 */

/** The bounds of a set and the bytes one request may carry, as the site's route gives them. */
export interface SetLimits {
  index: number;
  bundle: number;
  kml: number;
  files: number;
  bytes: number;
  batch: number;
}

export interface ToolConfig {
  /** The route's URL (donation-widgets/v1/boundaries). */
  route: string;
  /** The REST nonce (wp_rest) for the logged-in admin. */
  nonce: string;
  /** The worker's script URL. */
  worker: string;
  limits: SetLimits;
}

const LIMIT_KEYS = ['index', 'bundle', 'kml', 'files', 'bytes', 'batch'] as const;

/**
 * @param text the config element's text
 * @throws Error naming the key that is missing or of the wrong type
 */
export function parseToolConfig(text: string): ToolConfig {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new Error("the boundary tool's config is not JSON");
  }
  for (const key of ['route', 'nonce', 'worker'] as const)
    if (typeof raw?.[key] !== 'string' || raw[key] === '')
      throw new Error(`the boundary tool's config lacks ${key} (a string)`);
  const limits = raw.limits as Record<string, unknown> | undefined;
  for (const key of LIMIT_KEYS)
    if (typeof limits?.[key] !== 'number' || !(Number(limits[key]) > 0))
      throw new Error(`the boundary tool's config lacks limits.${key} (a positive number)`);
  return raw as unknown as ToolConfig;
}
