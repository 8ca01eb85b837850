/**
 * jsdom without Node's Fetch API classes: react-router builds Request objects for navigations.
 * Node's own classes are shared into the jsdom window, with Node's AbortController so that a
 * Request accepts the signals the router creates.
 */
const JsdomEnvironment = require('jest-environment-jsdom').default;

const sharedFromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
];

class JsdomWithFetchEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of sharedFromNode) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
