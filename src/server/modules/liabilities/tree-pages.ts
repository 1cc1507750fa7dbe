import type { LiabilityTree, NodeReader } from '../../../core/liabilities/build';
import { DIGEST_BYTES, type SumNode } from '../../../core/liabilities/tree';

/** Nodes per stored row: a proof reads at most two rows per level, a few kilobytes each. */
export const PAGE_NODES = 256;
const NODE_BYTES = DIGEST_BYTES + 8;

export function treePages(levels: LiabilityTree['levels']): Array<{ level: number; page: number; nodes: Uint8Array }> {
  const pages = [];
  for (let level = 0; level < levels.length; level++) {
    const { digests, values } = levels[level]!;
    for (let first = 0, page = 0; first < values.length; first += PAGE_NODES, page++) {
      const count = Math.min(PAGE_NODES, values.length - first);
      const nodes = new Uint8Array(count * NODE_BYTES);
      const view = new DataView(nodes.buffer);
      for (let i = 0; i < count; i++) {
        nodes.set(digests.subarray((first + i) * DIGEST_BYTES, (first + i + 1) * DIGEST_BYTES), i * NODE_BYTES);
        const value = values[first + i]!;
        view.setUint32(i * NODE_BYTES + DIGEST_BYTES, Math.floor(value / 2 ** 32));
        view.setUint32(i * NODE_BYTES + DIGEST_BYTES + 4, value >>> 0);
      }
      pages.push({ level, page, nodes });
    }
  }
  return pages;
}

/** The rows holding every node of these positions' paths (and the leaves themselves). */
export function pagesForPaths(positions: readonly number[], height: number): Array<{ level: number; page: number }> {
  const wanted = new Map<string, { level: number; page: number }>();
  for (const position of positions)
    for (let level = 0; level < height; level++) {
      const index = Math.floor(position / 2 ** level);
      for (const i of [index, index ^ 1]) {
        const page = Math.floor(i / PAGE_NODES);
        wanted.set(`${level}:${page}`, { level, page });
      }
    }
  return [...wanted.values()];
}

export function pageReader(rows: Array<{ level: number; page: number; nodes: Uint8Array }>): NodeReader {
  const byKey = new Map(rows.map((r) => [`${r.level}:${r.page}`, new Uint8Array(r.nodes)]));
  return (level, index): SumNode => {
    const nodes = byKey.get(`${level}:${Math.floor(index / PAGE_NODES)}`);
    if (!nodes) throw new Error(`tree page missing at level ${level}`);
    const at = (index % PAGE_NODES) * NODE_BYTES;
    const view = new DataView(nodes.buffer, nodes.byteOffset, nodes.byteLength);
    return {
      digest: nodes.subarray(at, at + DIGEST_BYTES),
      value: view.getUint32(at + DIGEST_BYTES) * 2 ** 32 + view.getUint32(at + DIGEST_BYTES + 4),
    };
  };
}
