package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TagHeapTest {

  @Test
  void alwaysYieldsTheSmallestTagAsASortedSetWouldUnderRandomOperations() {
    Comparator<TenantQueue<String>> byTag =
        Comparator.<TenantQueue<String>>comparingDouble(q -> q.headStart).thenComparingLong(q -> q.order);
    TreeSet<TenantQueue<String>> reference = new TreeSet<>(byTag);
    TagHeap<String> heap = new TagHeap<>();
    List<TenantQueue<String>> all = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      all.add(new TenantQueue<>("t" + i, i, 1.0));
    }
    SplittableRandom random = new SplittableRandom(7);
    for (int step = 0; step < 50_000; step++) {
      TenantQueue<String> q = all.get(random.nextInt(all.size()));
      boolean present = q.heapIndex >= 0;
      assertThat(present).isEqualTo(reference.contains(q));
      switch (random.nextInt(3)) {
        case 0 -> {
          if (!present) {
            q.headStart = random.nextInt(50); // many equal tags: ties go by order
            heap.add(q);
            reference.add(q);
          }
        }
        case 1 -> {
          heap.remove(q);
          reference.remove(q);
        }
        default -> {
          if (present) {
            reference.remove(q);
            q.headStart = random.nextInt(50);
            heap.update(q);
            reference.add(q);
          }
        }
      }
      assertThat(heap.peek()).isSameAs(reference.isEmpty() ? null : reference.first());
    }
  }
}
