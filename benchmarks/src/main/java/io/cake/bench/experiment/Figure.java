package io.cake.bench.experiment;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Cake's section 6 experiments that {@code ./cake-bench experiment NAME} reproduces. */
public enum Figure {
  FIG8("fig8", "Figure 8: front-end p99 against the HDFS reservation, at a low and a high front-end rate"),
  FIG9("fig9", "Figure 9: front-end p99 against the HDFS share and reservation, at a high front-end rate"),
  FIG10_11("fig10-11", "Figures 10 and 11: scheduling at HDFS only, at HBase only, and at both, against the front-end rate"),
  FIG12("fig12", "Figure 12: convergence of the second level from equal shares to an SLO"),
  FIG14_17("fig14-17", "Figures 14 to 17 and Tables 2 and 3: diurnal and spike front ends under three SLOs"),
  FIG18("fig18", "Figure 18: batch throughput against the SLO, at the default soft limit and a higher one"),
  MULTI_TENANT("multi-tenant", "Beyond the paper: three front ends with SLOs at 2x, 3x and 4x their isolated p99, weights 1, 1, 2, beside batch"),
  MISBEHAVING("misbehaving", "Beyond the paper: one of three SLO front ends at 3x its throughput contract"),
  OVERLOAD("overload", "Beyond the paper: the three SLO front ends at 3x their rates, weighted badness against weight"),
  BURSTY("bursty", "Beyond the paper: one of three SLO front ends on-off, with a p99.9 SLO, under reactive control"),
  HOTSPOT("hotspot", "Beyond one server: a front end's hot regions beside batch on one RegionServer of a cluster (--zk;"
      + " benchmarks/hotspot.sh runs it with the director and with HBase's balancer alone)");

  private final String id;
  private final String title;

  Figure(String id, String title) {
    this.id = id;
    this.title = title;
  }

  public String id() {
    return id;
  }

  public String title() {
    return title;
  }

  /** The figure named {@code s}; refuses anything else, naming the known ones. */
  public static Figure parse(String s) {
    String want = s.trim().toLowerCase(Locale.ROOT);
    for (Figure f : values()) {
      if (f.id.equals(want)) {
        return f;
      }
    }
    throw new IllegalArgumentException("unknown experiment '" + s + "'; known: " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(Figure::id).collect(Collectors.joining(", "));
  }
}
