/**
 * Which sites may use the wallet origin: each project id names its sites. A request without a
 * project gets §8 'Project ID Not Configured'; an unknown project, or a site not among its own,
 * gets 'Invalid App Configuration' (decision 0710).
 * @module
 */
import { HttpError } from '../http.js'
import type { EmbeddedConfig } from './config.js'

/** A project as configured. */
export type EmbeddedProject = EmbeddedConfig['projects'][number]

/** §8's messages, exactly. */
export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'
/** §8. */
export const PROJECT_ID_NOT_CONFIGURED = 'Project ID Not Configured'
/** §8: a session the server no longer honours. */
export const SESSION_EXPIRED = 'Session Expired'

/**
 * Checks a project id and the site it is used on.
 * @param config - the embedded configuration.
 * @param projectId - the project id the request names (query or `x-project-id`).
 * @param site - the site's origin (query, `x-gangway-site`, or what the browser says).
 * @returns the project.
 * @throws HttpError 400 `PROJECT_ID_NOT_CONFIGURED` without a project id; 403
 * `INVALID_APP_CONFIGURATION` for an unknown project or a site not on its list.
 */
export function checkApp(
  config: EmbeddedConfig,
  projectId: string | undefined,
  site: string | undefined,
): EmbeddedProject {
  if (!projectId) throw new HttpError(400, 'PROJECT_ID_NOT_CONFIGURED', PROJECT_ID_NOT_CONFIGURED)
  const project = config.projects.find((candidate) => candidate.id === projectId)
  if (!project || !site || !project.sites.includes(site)) {
    throw new HttpError(403, 'INVALID_APP_CONFIGURATION', INVALID_APP_CONFIGURATION)
  }
  return project
}

/**
 * The origin of a `Referer`, if it is a URL.
 * @param referer - the header.
 * @returns `scheme://host[:port]`, or undefined.
 */
export function originOf(referer: string | undefined): string | undefined {
  if (!referer) return undefined
  try {
    const url = new URL(referer)
    return url.origin === 'null' ? undefined : url.origin
  } catch {
    return undefined
  }
}
