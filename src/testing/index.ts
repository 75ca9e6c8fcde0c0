/**
 * `gangway/testing`: what Gangway's own tests use, exported so sites test their integration the
 * same way.
 * @module gangway/testing
 */
export { createVirtualEnv, settle, type VirtualEnv } from './createVirtualEnv.js'
