package io.cake.controller.loop;

import io.cake.controller.policy.ResourceLoad;
import io.cake.core.sched.Allocation;
import java.io.IOException;

/** How the controller reads and sets one first-level scheduler, local or remote. */
public interface FirstLevelPort {
  String name();

  /** The last closed metrics interval. */
  ResourceLoad load() throws IOException;

  Allocation allocation() throws IOException;

  /** Installs an allocation; the scheduler refuses invalid ones with IllegalArgumentException. */
  void setAllocation(Allocation allocation) throws IOException;
}
