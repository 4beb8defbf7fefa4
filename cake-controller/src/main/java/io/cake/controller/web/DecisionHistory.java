package io.cake.controller.web;

import io.cake.controller.loop.Outcome;
import io.cake.controller.policy.Plan;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the RegionServer's {@code /cake} page shows of the past: the last {@value #DECISIONS}
 * outcomes, newest first, and each SLO tenant's share after every decision of the last hour.
 * Outcomes come from the controller of the moment, so the history outlives a reload that restarts
 * it. The same outcome recorded twice counts once: the controller keeps its last outcome when an
 * interval brings nothing new.
 *
 * <p>Bounded by count and by age. One sample per decision, so an interval under a second (tests)
 * keeps less than an hour, never more than {@value #MAX_SAMPLES} samples. Thread-safe: the
 * controller's thread records, the info server's threads read.
 */
public final class DecisionHistory {
  /** How many decisions the page lists. */
  public static final int DECISIONS = 30;
  /** How far back the allocation chart reaches. */
  public static final Duration SPAN = Duration.ofHours(1);
  static final int MAX_SAMPLES = 3600;

  /** One outcome, stamped when it was recorded. */
  public record Decision(Instant at, Outcome outcome) {}

  /** Each SLO tenant's share of both levels (0..1) after one decision. */
  public record Sample(Instant at, Map<String, Double> shares) {
    public Sample {
      shares = java.util.Collections.unmodifiableMap(new TreeMap<>(shares));
    }
  }

  private final Deque<Decision> decisions = new ArrayDeque<>();
  private final Deque<Sample> samples = new ArrayDeque<>();
  private Outcome lastRecorded;

  /** Records {@code outcome} as of {@code at}, once; a decision also adds an allocation sample. */
  public synchronized void record(Instant at, Outcome outcome) {
    if (outcome == null || outcome == lastRecorded) {
      return;
    }
    lastRecorded = outcome;
    decisions.addFirst(new Decision(at, outcome));
    while (decisions.size() > DECISIONS) {
      decisions.removeLast();
    }
    Plan plan = outcome.plan();
    if (plan != null) {
      Map<String, Double> shares = new TreeMap<>();
      plan.state().tenants().forEach((tenant, state) -> shares.put(tenant, state.share()));
      samples.addLast(new Sample(at, shares));
    }
    dropBefore(at.minus(SPAN));
  }

  /** The last {@value #DECISIONS} outcomes, newest first. */
  public synchronized List<Decision> decisions() {
    return List.copyOf(decisions);
  }

  /** The samples of the {@link #SPAN} before {@code now}, oldest first. */
  public synchronized List<Sample> samples(Instant now) {
    dropBefore(now.minus(SPAN));
    return new ArrayList<>(samples);
  }

  private void dropBefore(Instant oldest) {
    while (!samples.isEmpty() && (samples.peekFirst().at().isBefore(oldest) || samples.size() > MAX_SAMPLES)) {
      samples.removeFirst();
    }
  }
}
