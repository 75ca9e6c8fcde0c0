import { expect, test } from 'vitest'
import { untilAborted } from './untilAborted.js'

test('behavior: resolves with the work when the signal stays quiet', async () => {
  await expect(untilAborted(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7)
})

test('behavior: rejects with CANCELLED as soon as the signal aborts; the late answer is ignored', async () => {
  const controller = new AbortController()
  let answer!: (value: number) => void
  const waiting = untilAborted(
    new Promise<number>((resolve) => (answer = resolve)),
    controller.signal,
  )
  controller.abort()
  answer(1)
  await expect(waiting).rejects.toMatchObject({ code: 'CANCELLED' })
})

test('behavior: an already aborted signal rejects at once and the failing work is still observed', async () => {
  const controller = new AbortController()
  controller.abort()
  const unhandled: unknown[] = []
  const listener = (reason: unknown) => unhandled.push(reason)
  process.on('unhandledRejection', listener)
  await expect(
    untilAborted(Promise.reject(new Error('late failure')), controller.signal),
  ).rejects.toMatchObject({ code: 'CANCELLED' })
  await new Promise((resolve) => setTimeout(resolve, 0))
  process.off('unhandledRejection', listener)
  expect(unhandled).toEqual([])
})
