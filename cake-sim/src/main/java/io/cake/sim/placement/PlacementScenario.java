package io.cake.sim.placement;

/**
 * A cluster of alike RegionServers as loads only, for the director's evidence: regions with a
 * load each (in busy handlers), placed round-robin at the start, and a server whose SLO tenants
 * miss when its load exceeds its capacity. No request is simulated: the director plans on loads
 * and verdicts, and this is what it reads.
 *
 * @param servers serving at the start
 * @param standbys running but empty, for when the director asks for a server
 * @param capacity each server's: the load above which its SLO tenants miss
 */
public record PlacementScenario(String name, int servers, int standbys, double capacity, int regions,
    int intervals, Shape shape) {

  /** A region's true load in an interval. */
  @FunctionalInterface
  public interface Shape {
    double load(int region, int interval);
  }

  /**
   * Four servers at half their capacity; from interval 20, four regions of the first server run
   * six times as hot, which puts it at 150% while the cluster as a whole stays at 75%.
   */
  public static PlacementScenario hotspot() {
    return new PlacementScenario("hotspot", 4, 0, 10, 40, 80,
        (r, t) -> t >= 20 && r % 4 == 0 && r < 16 ? 3.0 : 0.5);
  }

  /**
   * Three servers and a standby; the load swings by a day's cycle (30 intervals) and grows by half
   * over the run from interval 10, until its peaks need more than three servers.
   */
  public static PlacementScenario diurnal() {
    return new PlacementScenario("diurnal", 3, 1, 10, 30, 120, (r, t) -> {
      double growth = 1 + 0.5 * Math.max(0, t - 10) / 110.0;
      double day = 1 + 0.3 * Math.sin(2 * Math.PI * t / 30.0);
      return 0.6 * growth * day * (r % 3 == 0 ? 1.2 : 0.9);
    });
  }

  /**
   * A peak, then an ebb: four servers and a standby, the four at their capacity for 30 intervals
   * (some just over, four servers' worth in all, five with headroom), then the load falls to 40% of
   * that by interval 50 and stays there for 70 intervals: two servers' worth.
   */
  public static PlacementScenario ebb() {
    return new PlacementScenario("ebb", 4, 1, 10, 40, 120, (r, t) -> {
      double fall = t < 30 ? 1 : t < 50 ? 1 - 0.6 * (t - 30) / 20.0 : 0.4;
      return fall * (r % 3 == 0 ? 1.2 : 0.9);
    });
  }
}
