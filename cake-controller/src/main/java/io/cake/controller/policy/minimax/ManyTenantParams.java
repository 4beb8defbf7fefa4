package io.cake.controller.policy.minimax;

import java.util.Objects;

/**
 * The constants of the controller for several SLO tenants (Frosting's, {@link ManyTenantDecider}).
 *
 * @param shares the allocator's step (Frosting's sigma, 0.1), target performance (1.5: a tenant is
 *     given share until its model says 1.5x its SLO, because one interval's p99 is noisy and the
 *     model only holds near the share it was fitted at; a lower target leaves too little margin),
 *     least share (0.005) and damping (0.5: under an overload that lasts, a tenant's step halves
 *     each time its share turns, {@link StepDamping}; 1 is Frosting's fixed step). Damping
 *     counters the swing of the heaviest tenant's share under overload, whose backlog answers a cut
 *     late (docs/decisions/0017-minimax-shares.md, docs/decisions/0018-step-damping.md)
 * @param fitWindow how many past intervals each tenant's linear model is fitted to (6)
 * @param loadMargin each tenant keeps at least this many times the fraction of the slots its load
 *     kept busy in the last interval (Little's law, the busier of HBase and the DataNode), while
 *     every tenant's fits (1.25; 0: off). Below its load a tenant's queue grows without bound, and
 *     a linear model fitted where it was stable cannot see that coming
 *     (docs/decisions/0019-load-floor.md).
 * @param othersCap whether the tenants without an SLO are held to a number of handlers in service
 *     by AIMD on the SLOs ({@link OthersCap}; true)
 * @param peaks whether both of those are sized for each SLO tenant's recent peak load rather than
 *     the last interval's alone (true): the load floor is kept at the peak ({@link
 *     io.cake.controller.policy.ControlState#nextPeak}, halving in 10 intervals), and the others'
 *     cap grows only in an interval in which every SLO tenant's load was near its peak (at least
 *     {@link ManyTenantPolicy#NEAR_PEAK} of it), since meeting a goal between bursts says nothing
 *     of the next burst. Off, a burst shorter than an interval meets a cap grown in the quiet
 *     intervals before it and a share cut to the quiet load
 * @param cutOnEveryMiss whether the others' cap is cut on every miss of a goal (true), or only when
 *     the allocator also says the shares cannot give every goal its target (false, the default).
 *     Cutting on every miss helps when a tenant exceeds its contract but costs windows and batch
 *     when every tenant behaves (docs/decisions/0020-others-cap.md)
 * @param reservations whether each SLO tenant is also given reserved HBase handlers where shares
 *     cannot help it (Cake's Algorithm 2 per tenant, {@link TenantReservations}; true)
 */
public record ManyTenantParams(
    MinimaxShares.Params shares, int fitWindow, double loadMargin, boolean othersCap, boolean peaks,
    boolean cutOnEveryMiss, boolean reservations) {
  public static final double DEFAULT_STEP = 0.1;
  public static final double DEFAULT_DAMPING = 0.5;
  public static final double DEFAULT_TARGET = 1.5;
  public static final double DEFAULT_MIN_SHARE = 0.005;
  public static final int DEFAULT_FIT_WINDOW = 6;
  public static final double DEFAULT_LOAD_MARGIN = 1.25;
  public static final ManyTenantParams DEFAULTS = new ManyTenantParams(
      new MinimaxShares.Params(DEFAULT_STEP, DEFAULT_TARGET, DEFAULT_MIN_SHARE, DEFAULT_DAMPING), DEFAULT_FIT_WINDOW,
      DEFAULT_LOAD_MARGIN,
      true, true, false, true);

  /** All but {@code reservations}, which is on. */
  public ManyTenantParams(
      MinimaxShares.Params shares, int fitWindow, double loadMargin, boolean othersCap, boolean peaks,
      boolean cutOnEveryMiss) {
    this(shares, fitWindow, loadMargin, othersCap, peaks, cutOnEveryMiss, true);
  }

  /** The same with {@code peaks} as given. */
  public ManyTenantParams withPeaks(boolean on) {
    return new ManyTenantParams(shares, fitWindow, loadMargin, othersCap, on, cutOnEveryMiss, reservations);
  }

  /** The same with {@code cutOnEveryMiss} as given. */
  public ManyTenantParams withCutOnEveryMiss(boolean on) {
    return new ManyTenantParams(shares, fitWindow, loadMargin, othersCap, peaks, on, reservations);
  }

  /** The same with the others' cap ({@code othersCap}) on or off. */
  public ManyTenantParams withOthersCap(boolean on) {
    return new ManyTenantParams(shares, fitWindow, loadMargin, on, peaks, cutOnEveryMiss, reservations);
  }

  /** The same with {@code reservations} as given. */
  public ManyTenantParams withReservations(boolean on) {
    return new ManyTenantParams(shares, fitWindow, loadMargin, othersCap, peaks, cutOnEveryMiss, on);
  }

  public ManyTenantParams {
    Objects.requireNonNull(shares, "shares");
    if (fitWindow < 2) {
      throw new IllegalArgumentException("fitWindow must be at least 2 intervals, got " + fitWindow);
    }
    if (!(loadMargin == 0 || (loadMargin >= 1 && loadMargin <= 10))) {
      throw new IllegalArgumentException("loadMargin must be 0 (off) or in [1, 10], got " + loadMargin);
    }
  }
}
