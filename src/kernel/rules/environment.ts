/**
 * Where the kit runs, read from the browser: the §2 opening rules, the §4 pairing reuse and the
 * §5 Telegram filter depend on it. A site that knows better passes `environment` to `createKit`.
 * @module
 */
import type { EnvironmentState } from '../state.js'

/** What {@link detectEnvironment} reads: the parts of `window` and `navigator` it needs. */
export interface EnvironmentProbe {
  /** `navigator.userAgent`. */
  readonly userAgent?: string
  /** `navigator.maxTouchPoints`: iPadOS reports a Mac user agent but a touch screen. */
  readonly maxTouchPoints?: number
  /** `window.Telegram.WebApp.platform`, inside a Telegram mini app. */
  readonly telegramPlatform?: string
  /** Whether `window.TelegramWebviewProxy` exists (Telegram's in-app browser). */
  readonly telegramWebview?: boolean
}

const TELEGRAM_PLATFORMS: Readonly<Record<string, EnvironmentState['telegramPlatform']>> = {
  ios: 'ios',
  android: 'android',
  macos: 'mac',
}

/** The current page's probe; empty outside a browser (server rendering, Node). */
function probeGlobals(): EnvironmentProbe {
  const scope = globalThis as {
    navigator?: { userAgent?: string; maxTouchPoints?: number }
    Telegram?: { WebApp?: { platform?: unknown } }
    TelegramWebviewProxy?: unknown
  }
  // A server has no page to read (Node 21+ does have a `navigator`, naming Node.js).
  if (typeof window === 'undefined') return {}
  const platform = scope.Telegram?.WebApp?.platform
  return {
    ...(scope.navigator?.userAgent !== undefined ? { userAgent: scope.navigator.userAgent } : {}),
    ...(scope.navigator?.maxTouchPoints !== undefined
      ? { maxTouchPoints: scope.navigator.maxTouchPoints }
      : {}),
    ...(typeof platform === 'string' && platform !== 'unknown'
      ? { telegramPlatform: platform }
      : {}),
    telegramWebview: scope.TelegramWebviewProxy !== undefined,
  }
}

/**
 * Reads device, Telegram platform and iOS Safari from the browser. Outside a browser it answers
 * a desktop browser, so a server render and the first client render agree on everything the
 * page shows before the modal opens.
 * @example
 * import { detectEnvironment } from '@gangway/kit'
 * detectEnvironment({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1' })
 * // { device: 'mobile', telegramPlatform: null, isIosSafari: true }
 * @param probe - what to read; the current page's `navigator` and `window` by default.
 * @returns the environment for `createKit({ environment })`.
 */
export function detectEnvironment(probe: EnvironmentProbe = probeGlobals()): EnvironmentState {
  const agent = probe.userAgent ?? ''
  // iPadOS 13+ presents itself as a Mac; only the touch screen gives it away.
  const iPadAsMac = /Macintosh/.test(agent) && (probe.maxTouchPoints ?? 0) > 1
  const ios = /iPhone|iPad|iPod/.test(agent) || iPadAsMac
  const mobile = ios || /Android|Mobile|Opera Mini|IEMobile/i.test(agent)
  const inTelegram = probe.telegramPlatform !== undefined || probe.telegramWebview === true
  const telegramPlatform: EnvironmentState['telegramPlatform'] = !inTelegram
    ? null
    : probe.telegramPlatform !== undefined
      ? (TELEGRAM_PLATFORMS[probe.telegramPlatform] ?? 'other')
      : ios
        ? 'ios'
        : /Android/i.test(agent)
          ? 'android'
          : /Macintosh/.test(agent)
            ? 'mac'
            : 'other'
  // Other iOS browsers (Chrome, Firefox, Edge, Opera, Google app) and in-app views share WebKit
  // but not Safari's handling of links opened outside a user gesture.
  const isIosSafari =
    ios &&
    /Safari\//.test(agent) &&
    !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|Telegram/.test(agent) &&
    !inTelegram
  return { device: mobile ? 'mobile' : 'desktop', telegramPlatform, isIosSafari }
}
