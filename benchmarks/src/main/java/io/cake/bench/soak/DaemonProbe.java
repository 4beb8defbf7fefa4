package io.cake.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * One daemon's figures, read from its info server's {@code /jmx} page and, if it exports them, its
 * Prometheus endpoint: heap used, the old generation after its last collection (what a leak
 * raises), live threads, Cake's MBeans, exported series. NaN where a figure cannot be read (the
 * daemon restarting).
 */
final class DaemonProbe {
  private static final HttpClient HTTP = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1) // the DataNode's Netty front does not take an h2c upgrade
      .connectTimeout(Duration.ofSeconds(5)).build();
  /** Hadoop's /jmx servlet writes a NaN gauge as a bare NaN, which strict JSON refuses. */
  private static final ObjectMapper JSON = JsonMapper.builder()
      .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

  private final String name;
  private final String http;
  private final String metrics;

  /** @param metrics its Prometheus endpoint, or null */
  DaemonProbe(String name, String http, String metrics) {
    this.name = name;
    this.http = http;
    this.metrics = metrics;
  }

  String name() {
    return name;
  }

  record Sample(double heapMb, double oldGenAfterGcMb, double threads, double cakeMBeans, double series) {
    static final Sample NONE = new Sample(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
  }

  Sample sample() {
    try {
      JsonNode memory = bean("java.lang:type=Memory");
      double heap = memory.path("HeapMemoryUsage").path("used").asDouble(Double.NaN) / 1e6;
      double old = Double.NaN;
      for (JsonNode pool : beans("java.lang:type=MemoryPool,*")) {
        if (pool.path("Name").asText().contains("Tenured") || pool.path("Name").asText().contains("Old")) {
          old = pool.path("CollectionUsage").path("used").asDouble(Double.NaN) / 1e6;
        }
      }
      double threads = bean("java.lang:type=Threading").path("ThreadCount").asDouble(Double.NaN);
      double cake = beans("io.cake:*").size();
      return new Sample(heap, old, threads, cake, series());
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return Sample.NONE;
    }
  }

  private double series() throws IOException, InterruptedException {
    if (metrics == null) {
      return Double.NaN;
    }
    String body = get(metrics);
    return body.lines().filter(l -> !l.isEmpty() && !l.startsWith("#")).count();
  }

  private JsonNode bean(String query) throws IOException, InterruptedException {
    JsonNode beans = beans(query);
    if (beans.size() != 1) {
      throw new IOException(name + ": " + query + " gave " + beans.size() + " beans");
    }
    return beans.get(0);
  }

  private JsonNode beans(String query) throws IOException, InterruptedException {
    return JSON.readTree(get(http + "/jmx?qry=" + query)).path("beans");
  }

  private static String get(String url) throws IOException, InterruptedException {
    HttpResponse<String> r = HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException(url + ": HTTP " + r.statusCode());
    }
    return r.body();
  }
}
