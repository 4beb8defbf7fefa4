package io.cake.director.master;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/** The {@link DirectorStatusMXBean}: written by the director's thread, read by JMX's. */
final class DirectorStatus implements DirectorStatusMXBean {
  /** Enough for an operator to see the last few intervals' moves; older ones are in the HMaster's log. */
  static final int ACTIONS_KEPT = 20;

  private final long intervalMillis;
  private final Deque<String> actions = new ArrayDeque<>();
  private long steps;
  private String lastStep = "";
  private List<String> servers = List.of();
  private String need = "";
  private String draining = "";

  DirectorStatus(long intervalMillis) {
    this.intervalMillis = intervalMillis;
  }

  synchronized void stepped(Instant at, List<String> servers, String need, String draining) {
    this.draining = draining;
    steps++;
    lastStep = at.toString();
    this.servers = List.copyOf(servers);
    this.need = need;
  }

  synchronized void acted(Instant at, String action) {
    actions.addLast(at + " " + action);
    while (actions.size() > ACTIONS_KEPT) {
      actions.removeFirst();
    }
  }

  @Override
  public long getIntervalMillis() {
    return intervalMillis;
  }

  @Override
  public synchronized long getSteps() {
    return steps;
  }

  @Override
  public synchronized String getLastStep() {
    return lastStep;
  }

  @Override
  public synchronized String[] getServers() {
    return servers.toArray(String[]::new);
  }

  @Override
  public synchronized String getNeed() {
    return need;
  }

  @Override
  public synchronized String getDraining() {
    return draining;
  }

  @Override
  public synchronized String[] getRecentActions() {
    return actions.toArray(String[]::new);
  }
}
