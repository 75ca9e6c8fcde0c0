/**
 * The relay's JSON-RPC methods, on top of its core operations (subscribe, publish, deliver).
 * @module
 */
import type { RelayLimits } from '../config.js'
import type { Budgets } from './budgets.js'
import type { RelayClient } from './createRelay.js'
import type { MessageStore } from './messageStore.js'
import {
  DEFAULT_SESSION_TTL_SECONDS,
  parseParams,
  RPC_ERRORS,
  RpcError,
  TAG_SESSION_PROPOSE,
  TAG_SESSION_PROPOSE_RESPONSE,
  TAG_SESSION_SETTLE,
} from './protocol.js'

/** What the methods need from the relay. */
export interface MethodsCore {
  readonly limits: RelayLimits
  readonly store: MessageStore
  readonly budgets: Budgets
  readonly now: () => number
  subscribe(client: RelayClient, topics: readonly string[]): Promise<string[]>
  deliverStored(client: RelayClient, topics: readonly string[]): Promise<void>
  unsubscribe(client: RelayClient, topic: string): void
  publish(
    client: RelayClient,
    topic: string,
    message: string,
    ttlSeconds: number,
    tag: number | undefined,
  ): Promise<void>
}

/** A method's result, and work to do once the result is sent. */
export interface Handled {
  readonly result: unknown
  readonly after?: () => Promise<void>
}

/** Messages answered per fetch; the client asks again while `hasMore`. */
const FETCH_PAGE = 500

/**
 * The method table.
 * @param core - the relay's operations.
 * @returns `handle(client, method, params)`.
 */
export function createMethods(core: MethodsCore) {
  /** A fetch counts as a delivery: the fetched messages are not sent to this identity again. */
  async function fetch(client: RelayClient, topics: readonly string[]) {
    const messages: Record<string, unknown>[] = []
    let hasMore = false
    for (const topic of topics) {
      for (const stored of await core.store.list(topic, core.now())) {
        if (stored.publisherKey === client.key || stored.ackedBy.has(client.key)) continue
        if (messages.length === FETCH_PAGE) {
          hasMore = true
          break
        }
        await core.store.ack(stored.id, client.key)
        client.sent.add(stored.id)
        messages.push({
          topic: stored.topic,
          message: stored.message,
          publishedAt: stored.publishedAt,
          ...(stored.tag === undefined ? {} : { tag: stored.tag }),
        })
      }
    }
    return { messages, hasMore }
  }

  async function handle(client: RelayClient, method: string, params: unknown): Promise<Handled> {
    switch (method) {
      case 'irn_subscribe': {
        const { topic } = parseParams(method, params)
        const [id] = await core.subscribe(client, [topic])
        return { result: id, after: () => core.deliverStored(client, [topic]) }
      }
      case 'irn_batchSubscribe': {
        const { topics } = parseParams(method, params)
        const ids = await core.subscribe(client, topics)
        return { result: ids, after: () => core.deliverStored(client, topics) }
      }
      case 'irn_unsubscribe': {
        const { topic } = parseParams(method, params)
        core.unsubscribe(client, topic)
        return { result: true }
      }
      case 'irn_batchUnsubscribe': {
        const { subscriptions } = parseParams(method, params)
        for (const { topic } of subscriptions) core.unsubscribe(client, topic)
        return { result: true }
      }
      case 'irn_publish': {
        const { topic, message, ttl, tag } = parseParams(method, params)
        await core.publish(client, topic, message, ttl, tag)
        return { result: true }
      }
      case 'irn_batchPublish': {
        const { messages } = parseParams(method, params)
        for (const { topic, message, ttl, tag } of messages) {
          await core.publish(client, topic, message, ttl, tag)
        }
        return { result: true }
      }
      case 'irn_fetchMessages': {
        const { topic } = parseParams(method, params)
        return { result: await fetch(client, [topic]) }
      }
      case 'irn_batchFetchMessages': {
        const { topics } = parseParams(method, params)
        return { result: await fetch(client, topics) }
      }
      case 'wc_proposeSession': {
        const { pairingTopic, sessionProposal, ttl, tag } = parseParams(method, params)
        await core.subscribe(client, [pairingTopic])
        return {
          result: true,
          after: () =>
            core.publish(
              client,
              pairingTopic,
              sessionProposal,
              ttl ?? DEFAULT_SESSION_TTL_SECONDS,
              tag ?? TAG_SESSION_PROPOSE,
            ),
        }
      }
      case 'wc_approveSession': {
        const p = parseParams(method, params)
        await core.subscribe(client, [p.sessionTopic])
        const ttl = p.ttl ?? DEFAULT_SESSION_TTL_SECONDS
        return {
          result: true,
          after: async () => {
            await core.publish(
              client,
              p.pairingTopic,
              p.sessionProposalResponse,
              ttl,
              TAG_SESSION_PROPOSE_RESPONSE,
            )
            await core.publish(
              client,
              p.sessionTopic,
              p.sessionSettlementRequest,
              ttl,
              p.tag ?? TAG_SESSION_SETTLE,
            )
          },
        }
      }
      default:
        throw new RpcError(RPC_ERRORS.methodNotFound, `Method not found: ${method.slice(0, 64)}`)
    }
  }
  return { handle }
}
