package org.apache.hadoop.hbase.master.balancer;

import io.cake.core.config.SiteKeys;
import io.cake.director.config.DirectorConfig;
import io.cake.director.master.PublishedView;
import io.cake.director.plan.LoadView;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The director's view as a cost of HBase's StochasticLoadBalancer, so that the balancer does not
 * undo what the director does: a placement costs the load it puts above the servers' limits as
 * the director last held them ({@link LoadView#overload}). Load {@code
 * hbase.master.balancer.stochastic.additionalCostFunctions} with this class. In HBase's package
 * because the balancer's {@code CostFunction} is package-private there.
 *
 * <p>Needed only while a director runs and knows a limit: otherwise it takes no part (and its
 * weight dilutes no other cost). A bad {@code cake.director.*} key is logged, naming it, and the
 * function takes no part; the balancer runs on.
 */
public class CakeDirectorCostFunction extends CostFunction {
  private static final Logger LOG = LoggerFactory.getLogger(CakeDirectorCostFunction.class);

  private LoadView view;
  private double[] loads = new double[0];
  private double[] limits = new double[0];

  public CakeDirectorCostFunction(Configuration conf) {
    float weight = 0;
    try {
      weight = (float) DirectorConfig.of(SiteKeys.of(conf::get, conf::getPropsWithPrefix)).balancerCost();
    } catch (IllegalArgumentException e) {
      LOG.error("cake-director: the balancer's cost function takes no part, the configuration is refused: {}",
          e.getMessage());
    }
    setMultiplier(weight);
  }

  @Override
  boolean isNeeded() {
    LoadView v = PublishedView.get();
    return getMultiplier() > 0 && v != null && v.known();
  }

  @Override
  void prepare(BalancerClusterState cluster) {
    super.prepare(cluster);
    view = PublishedView.get();
    loads = new double[cluster.numServers];
    limits = new double[cluster.numServers];
    for (int i = 0; i < cluster.numServers; i++) {
      limits[i] = view == null ? Double.POSITIVE_INFINITY : view.limit(cluster.servers[i].getServerName());
      for (int r : cluster.regionsPerServer[i]) {
        loads[i] += load(r);
      }
    }
  }

  @Override
  protected void regionMoved(int region, int oldServer, int newServer) {
    double l = load(region);
    if (oldServer >= 0) {
      loads[oldServer] -= l;
    }
    loads[newServer] += l;
  }

  @Override
  protected double cost() {
    return LoadView.overload(loads, limits);
  }

  private double load(int region) {
    return view == null ? 0 : view.load(cluster.regions[region].getEncodedName());
  }
}
