import { VirtualAction, VirtualTimeScheduler } from 'rxjs'
import { expect, test } from 'vitest'
import { createCoalescer, WALLET_EVENT_INTERVAL_MS } from './createCoalescer.js'

function virtualScheduler() {
  const scheduler = new VirtualTimeScheduler(VirtualAction, Number.POSITIVE_INFINITY)
  const advance = (ms: number) => {
    const target = scheduler.frame + ms
    scheduler.maxFrames = target
    scheduler.flush()
    scheduler.frame = target
    scheduler.maxFrames = Number.POSITIVE_INFINITY
  }
  return { scheduler, advance }
}

test('default: requests in one tick give one flush, on the next tick', () => {
  const { scheduler, advance } = virtualScheduler()
  const flushes: number[] = []
  const coalescer = createCoalescer(scheduler, () => flushes.push(scheduler.now()))
  for (let round = 0; round < 10_000; round += 1) coalescer.request()
  expect(flushes).toEqual([])
  advance(0)
  expect(flushes).toEqual([0])
})

test('behavior: a storm flushes at most once per interval, and its last request is flushed', () => {
  const { scheduler, advance } = virtualScheduler()
  const flushes: number[] = []
  const coalescer = createCoalescer(scheduler, () => flushes.push(scheduler.now()))
  for (let round = 0; round < 1_000; round += 1) {
    coalescer.request()
    advance(1)
  }
  advance(WALLET_EVENT_INTERVAL_MS)
  expect(flushes[0]).toBe(0)
  for (let index = 1; index < flushes.length; index += 1)
    expect(flushes[index]! - flushes[index - 1]!).toBeGreaterThanOrEqual(WALLET_EVENT_INTERVAL_MS)
  expect(flushes.length).toBe(11)
  expect(flushes.at(-1)).toBeGreaterThanOrEqual(999)
})

test('behavior: after a quiet interval the next request flushes on the next tick again; cancel drops a waiting flush', () => {
  const { scheduler, advance } = virtualScheduler()
  const flushes: number[] = []
  const coalescer = createCoalescer(scheduler, () => flushes.push(scheduler.now()))
  coalescer.request()
  advance(WALLET_EVENT_INTERVAL_MS * 3)
  coalescer.request()
  advance(0)
  expect(flushes).toEqual([0, WALLET_EVENT_INTERVAL_MS * 3])
  coalescer.request()
  coalescer.cancel()
  advance(WALLET_EVENT_INTERVAL_MS * 2)
  expect(flushes).toHaveLength(2)
})
