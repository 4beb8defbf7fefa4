package io.cake.core.sched;

import java.util.Arrays;

/**
 * Backlogged tenants ordered by the start tag of their head item (ties by arrival order of the
 * tenant): an indexed binary min-heap whose keys live in flat arrays, so a pick at 1,000 tenants
 * walks a few cache lines instead of a tree of objects. Each queue remembers its heap slot, so a
 * reserved slot can take a tenant out, and a re-tagged head can move, in O(log n). Guarded by the
 * scheduler's lock.
 */
final class TagHeap<T> {
  private TenantQueue<T>[] queues;
  private double[] tags;
  private long[] orders;
  private int size;

  @SuppressWarnings("unchecked")
  TagHeap() {
    queues = (TenantQueue<T>[]) new TenantQueue<?>[16];
    tags = new double[16];
    orders = new long[16];
  }

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  /** The queue at heap position {@code i} (0 to size - 1): for a walk over all, in no order. */
  TenantQueue<T> at(int i) {
    return queues[i];
  }

  /** The queue with the smallest head start tag, or null. */
  TenantQueue<T> peek() {
    return size == 0 ? null : queues[0];
  }

  /** Adds {@code q} keyed by its current {@code headStart}. */
  void add(TenantQueue<T> q) {
    if (size == queues.length) {
      int n = size * 2;
      queues = Arrays.copyOf(queues, n);
      tags = Arrays.copyOf(tags, n);
      orders = Arrays.copyOf(orders, n);
    }
    set(size, q, q.headStart, q.order);
    siftUp(size++);
  }

  /** Removes {@code q} if present. */
  void remove(TenantQueue<T> q) {
    int i = q.heapIndex;
    if (i < 0) {
      return;
    }
    q.heapIndex = -1;
    int last = --size;
    if (i != last) {
      set(i, queues[last], tags[last], orders[last]);
      queues[last] = null;
      siftDown(i);
      siftUp(queues[i].heapIndex);
    } else {
      queues[last] = null;
    }
  }

  /** Re-keys {@code q} (present) after its {@code headStart} changed. */
  void update(TenantQueue<T> q) {
    int i = q.heapIndex;
    tags[i] = q.headStart;
    siftDown(i);
    siftUp(q.heapIndex);
  }

  void clear() {
    for (int i = 0; i < size; i++) {
      queues[i].heapIndex = -1;
      queues[i] = null;
    }
    size = 0;
  }

  private boolean less(int a, int b) {
    return tags[a] < tags[b] || (tags[a] == tags[b] && orders[a] < orders[b]);
  }

  private void set(int i, TenantQueue<T> q, double tag, long order) {
    queues[i] = q;
    tags[i] = tag;
    orders[i] = order;
    q.heapIndex = i;
  }

  private void swap(int a, int b) {
    TenantQueue<T> qa = queues[a];
    double ta = tags[a];
    long oa = orders[a];
    set(a, queues[b], tags[b], orders[b]);
    set(b, qa, ta, oa);
  }

  private void siftUp(int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(i, parent)) {
        return;
      }
      swap(i, parent);
      i = parent;
    }
  }

  private void siftDown(int i) {
    while (true) {
      int left = 2 * i + 1;
      if (left >= size) {
        return;
      }
      int smallest = left + 1 < size && less(left + 1, left) ? left + 1 : left;
      if (!less(smallest, i)) {
        return;
      }
      swap(i, smallest);
      i = smallest;
    }
  }
}
