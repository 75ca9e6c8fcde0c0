/**
 * The answers the frame gives the kit when a request fails: §8's messages, carried by one error
 * class so the handler tells an expected refusal (its message goes to the kit as it is) from a
 * fault (the kit reads 'An error occurred' and the page is told).
 * @module
 */

/** §8 messages the frame answers with. */
export const SESSION_EXPIRED = 'Session Expired'
export const NETWORK_NOT_FOUND = 'Network Not Found'
export const AN_ERROR_OCCURRED = 'An error occurred'
export const SIGNATURE_DECLINED = 'Signature declined'
export const NO_SMART_ACCOUNTS = 'This application might not support Smart Accounts'
export const INVALID_INPUT = 'Invalid input'
export const REQUEST_ABORTED = 'Request was aborted'

/** A refusal whose message the kit is meant to read. */
export class FrameError extends Error {}
