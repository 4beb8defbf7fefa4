package io.cake.director.master;

import io.cake.director.plan.LoadView;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The director's last {@link LoadView}, for the balancer's cost function in the same HMaster JVM:
 * HBase builds that function by reflection, with no way to hand it the director. Empty while no
 * director runs, so the function then costs nothing.
 */
public final class PublishedView {
  private static final AtomicReference<LoadView> LAST = new AtomicReference<>();

  private PublishedView() {}

  /** The last view, or null. */
  public static LoadView get() {
    return LAST.get();
  }

  static void set(LoadView view) {
    LAST.set(view);
  }
}
