package io.cake.sim;

import io.cake.controller.loop.FirstLevelPort;
import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.policy.ResourceLoad;
import io.cake.controller.loop.SecondLevelController;
import io.cake.core.sched.Allocation;
import java.util.Set;

/** The simulated schedulers as a controller sees them: what it reads, and what it may set. */
final class SimulatedPorts {
  private SimulatedPorts() {}

  static final class HBaseSide implements SecondLevelController.HBasePort {
    private final SimulatedCluster sim;

    HBaseSide(SimulatedCluster sim) {
      this.sim = sim;
    }

    @Override
    public String name() {
      return sim.hbaseScheduler().name();
    }

    @Override
    public HBaseInterval lastInterval() {
      return sim.lastHBaseInterval();
    }

    @Override
    public ResourceLoad load() {
      return ResourceLoad.of(sim.lastHBaseInterval().tenants());
    }

    @Override
    public Allocation allocation() {
      return sim.hbaseScheduler().allocation();
    }

    @Override
    public void setAllocation(Allocation a) {
      sim.setHBaseAllocation(a);
    }

    @Override
    public void setOthersLimit(Set<String> exempt, double handlers) {
      sim.setOthersLimit(exempt, handlers);
    }
  }

  static final class HdfsSide implements FirstLevelPort {
    private final SimulatedCluster sim;

    HdfsSide(SimulatedCluster sim) {
      this.sim = sim;
    }

    @Override
    public String name() {
      return sim.hdfsScheduler().name();
    }

    @Override
    public ResourceLoad load() {
      return ResourceLoad.of(sim.lastHdfsSnapshot());
    }

    @Override
    public Allocation allocation() {
      return sim.hdfsScheduler().allocation();
    }

    @Override
    public void setAllocation(Allocation a) {
      sim.setHdfsAllocation(a);
    }
  }
}
