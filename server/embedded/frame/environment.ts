/**
 * What the frame's handler needs from the page around it: boot data, the API client, storage, and
 * the hooks that show the frame's own dialogs. The handler never draws; the page (`main.ts`) does,
 * and tests stand in with real parts of their own.
 * @module
 */
import type { FrameBoot } from '../pages.js'
import type { FrameApi } from './api.js'
import type { FrameLanguage } from './copy.js'
import type { SummaryLine } from './dialogs.js'

/** What the handler needs from the frame page around it. */
export interface FrameHandlerEnvironment {
  readonly boot: FrameBoot
  readonly api: FrameApi
  /** Keeps the session token (partitioned storage), or forgets it with `undefined`. */
  saveToken(token: string | undefined): void
  /** Opens the visitor's wallet for one use (passkey PRF + server share); the caller wipes it. */
  unlock(userId: string): Promise<Uint8Array>
  /**
   * Creates the wallet of a user who has none yet (passkey, shares, the recovery share shown to
   * the visitor); resolves with its accounts. The visitor clicks in the frame for it (a browser
   * creates a passkey in a cross-origin frame only after a click there): the handler shows the
   * frame meanwhile. `signal` aborts when the visitor leaves the view showing the frame: before
   * the passkey exists the creation stops (rejects); after, the recovery key's dialog just closes.
   */
  createWallet(userId: string, signal: AbortSignal): Promise<{ eip155: string; solana: string }>
  /**
   * Shows the approval for an unsafe request and resolves with the visitor's choice; `signal`
   * aborts when the visitor leaves the view showing the frame (the dialog goes, the answer is no).
   */
  approve(
    request: {
      readonly requestId: string
      readonly method: string
      readonly params: unknown
      readonly chainId: string
      readonly site: string
      /** What it does, read by the frame from what will be signed, one line each. */
      readonly summary: readonly SummaryLine[]
    },
    signal: AbortSignal,
  ): Promise<boolean>
  /** Reloads the frame. */
  reload(): void
  /**
   * Shows the wallet's recovery phrase to the visitor in the frame (export) after asking them to
   * confirm; `unlock` then checks their passkey again. Resolves when they close it, or when
   * `signal` aborts (the visitor left the view showing the frame).
   */
  exportWallet?(
    userId: string,
    unlock: () => Promise<Uint8Array>,
    signal: AbortSignal,
  ): Promise<void>
  /** A random secret (social logins), base64url of 32 bytes. */
  secret(): string
  /**
   * The frame's own storage (partitioned by the site, as the browser keeps it): a social login
   * begun in redirect mode waits here for the page to come back, since the frame that began it is
   * gone with the page it was in. Without it a redirect login cannot be finished.
   */
  readonly store?: {
    get(key: string): string | undefined
    set(key: string, value: string | undefined): void
  }
  /** SHA-256 hex (to match a social result's state to the login this frame started). */
  sha256Hex(text: string): Promise<string>
  readonly fetch?: typeof fetch
  /** Shows the frame's dialogs in the site's theme (`SYNC_THEME`). */
  setTheme?(mode: 'dark' | 'light'): void
  /**
   * Shows the frame's dialogs, open ones too, in the kit's language (`SYNC_THEME`'s `locale`,
   * resolved against the languages the frame ships; English for one it does not).
   */
  setLanguage?(language: FrameLanguage): void
  /** Told of an error that is none of the §8 answers (the kit reads 'An error occurred'). */
  onUnexpectedError?(error: unknown): void
}
