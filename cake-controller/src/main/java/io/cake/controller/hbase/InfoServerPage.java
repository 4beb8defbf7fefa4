package io.cake.controller.hbase;

import io.cake.controller.web.CakePage;
import io.cake.controller.web.CakeServlet;
import java.lang.reflect.Field;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.coprocessor.HasRegionServerServices;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessorEnvironment;
import org.apache.hadoop.hbase.http.HttpServer;
import org.apache.hadoop.hbase.http.InfoServer;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hbase.thirdparty.org.eclipse.jetty.servlet.ServletHolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts {@code /cake} on the RegionServer's info server, beside {@code /rs-status}.
 *
 * <p>HBase starts its info server in the RegionServer's constructor and loads RegionServer
 * coprocessors later, once the server has registered; its own way to add a page,
 * {@code InfoServer.addUnprivilegedServlet}, then throws, because it sets the session cookie's
 * options, which Jetty refuses once the context is up. Adding the servlet to the running context
 * works (Jetty 9.4 starts a servlet added late), but HBase keeps the context behind a private
 * field, read here by reflection. One coprocessor per RegionServer adds it once: HBase loads a
 * class listed twice once, and (2.6) never reloads RegionServer coprocessors on {@code
 * update_config}. Any failure leaves the RegionServer as it was, without the page,
 * and is logged once; an info server that is off ({@code hbase.regionserver.info.port = -1})
 * has no page.
 */
final class InfoServerPage {
  static final String PATH = "/cake";
  private static final Logger LOG = LoggerFactory.getLogger(InfoServerPage.class);

  private InfoServerPage() {}

  /** Serves {@code page} at {@link #PATH}; returns whether it does. */
  static boolean add(RegionServerCoprocessorEnvironment env, Supplier<CakePage> page) {
    try {
      if (!(env instanceof HasRegionServerServices services)
          || !(services.getRegionServerServices() instanceof HRegionServer rs)) {
        LOG.warn("cake: no {} page: the coprocessor was not given its RegionServer ({})", PATH,
            env instanceof HasRegionServerServices s ? s.getRegionServerServices().getClass() : env.getClass());
        return false;
      }
      InfoServer info = rs.getInfoServer();
      if (info == null) {
        LOG.info("cake: no {} page: this RegionServer's info server is off", PATH);
        return false;
      }
      Field f = InfoServer.class.getDeclaredField("httpServer");
      f.setAccessible(true);
      ServletHolder holder = new ServletHolder(new CakeServlet(page));
      holder.setName("cake");
      ((HttpServer) f.get(info)).getWebAppContext().addServlet(holder, PATH);
      LOG.info("cake: the Cake page is at {} on port {} of this RegionServer's info server", PATH, info.getPort());
      return true;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.warn("cake: no {} page on this HBase's info server: {}", PATH, e.toString());
      return false;
    }
  }
}
