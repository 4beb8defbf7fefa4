package io.cake.controller.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Serves {@code /cake}: reads the page's numbers ({@link CakePage}) and draws them ({@link PageHtml}). */
public final class CakeServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CakeServlet.class);

  private final transient Supplier<CakePage> source;

  public CakeServlet(Supplier<CakePage> source) {
    this.source = source;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String html;
    try {
      html = PageHtml.render(source.get());
    } catch (RuntimeException e) { // a page that cannot be drawn must not reach Jetty as a stack trace
      LOG.warn("cake: the /cake page could not be drawn", e);
      resp.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR, "the Cake page could not be drawn: " + e);
      return;
    }
    byte[] body = html.getBytes(StandardCharsets.UTF_8);
    resp.setContentType("text/html; charset=utf-8");
    resp.setHeader("Cache-Control", "no-store");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }
}
