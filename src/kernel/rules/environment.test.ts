import { describe, expect, test } from 'vitest'
import { detectEnvironment } from './environment.js'

const AGENTS = {
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  macSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/142.0.0.0 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
} as const

describe('detectEnvironment', () => {
  test('default: outside a browser (no document) it is a desktop browser', () => {
    expect(detectEnvironment()).toEqual({
      device: 'desktop',
      telegramPlatform: null,
      isIosSafari: false,
    })
  })

  test('behavior: phones are mobile; only Safari on iOS counts as iOS Safari', () => {
    expect(detectEnvironment({ userAgent: AGENTS.desktopChrome })).toEqual({
      device: 'desktop',
      telegramPlatform: null,
      isIosSafari: false,
    })
    expect(detectEnvironment({ userAgent: AGENTS.macSafari, maxTouchPoints: 0 })).toMatchObject({
      device: 'desktop',
      isIosSafari: false,
    })
    expect(detectEnvironment({ userAgent: AGENTS.iPhoneSafari })).toEqual({
      device: 'mobile',
      telegramPlatform: null,
      isIosSafari: true,
    })
    expect(detectEnvironment({ userAgent: AGENTS.iPhoneChrome })).toMatchObject({
      device: 'mobile',
      isIosSafari: false,
    })
    expect(detectEnvironment({ userAgent: AGENTS.androidChrome })).toMatchObject({
      device: 'mobile',
      isIosSafari: false,
    })
  })

  test('behavior: an iPad presenting a Mac user agent is told apart by its touch screen', () => {
    expect(detectEnvironment({ userAgent: AGENTS.macSafari, maxTouchPoints: 5 })).toEqual({
      device: 'mobile',
      telegramPlatform: null,
      isIosSafari: true,
    })
  })

  test('behavior: Telegram’s platform comes from its mini-app API, else from the user agent', () => {
    expect(detectEnvironment({ userAgent: AGENTS.iPhoneSafari, telegramPlatform: 'ios' })).toEqual({
      device: 'mobile',
      telegramPlatform: 'ios',
      isIosSafari: false,
    })
    expect(
      detectEnvironment({ userAgent: AGENTS.macSafari, telegramPlatform: 'macos' }),
    ).toMatchObject({ telegramPlatform: 'mac' })
    expect(
      detectEnvironment({ userAgent: AGENTS.desktopChrome, telegramPlatform: 'tdesktop' }),
    ).toMatchObject({ telegramPlatform: 'other' })
    expect(
      detectEnvironment({ userAgent: AGENTS.androidChrome, telegramWebview: true }),
    ).toMatchObject({ device: 'mobile', telegramPlatform: 'android' })
  })
})
