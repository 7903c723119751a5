/** What the service worker tells a page: whether its last network attempt worked. */
export interface SwMessage {
  type: 'network-ok' | 'network-failed';
}
