// The donors search's clustering worker, built by build.mjs into a chunk of its own (a classic
// script, which every supported browser can start as a worker). It holds one index per map and
// answers the page's questions in order, so clustering thousands of donations never holds the page.
import { type ClusterReply, type ClusterRequest, createClusterIndex, replyTo } from './cluster-index.ts';

/** The worker's global scope, as far as it is used (the project's types are the page's, not a worker's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage(reply: ClusterReply): void;
}

const index = createClusterIndex();
const scope = self as unknown as WorkerScope;
scope.onmessage = (event: MessageEvent<ClusterRequest>) => {
  scope.postMessage(replyTo(index, event.data));
};
