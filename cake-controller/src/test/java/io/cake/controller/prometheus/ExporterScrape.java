package io.cake.controller.prometheus;

import io.prometheus.jmx.JmxCollector;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.management.MalformedObjectNameException;

/**
 * What Prometheus gets from the jmx_exporter agent with Cake's rules in this JVM: the exporter's
 * own collector over the platform MBeanServer (the agent runs the same one), written in the text
 * format a scrape returns, then read back into samples.
 */
public final class ExporterScrape {
  /** The rules operators install, from the source tree (tests run in the module's directory). */
  public static final Path RULES = Path.of("..", "docker", "prometheus", "cake-jmx-exporter.yaml");

  private static final Pattern SAMPLE =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");
  private static final Pattern TYPE = Pattern.compile("# TYPE (\\S+) (\\S+)");

  /** One sample line. */
  public record Sample(String name, Map<String, String> labels, double value) {}

  private final String text;
  private final List<Sample> samples = new ArrayList<>();
  private final Map<String, String> types = new LinkedHashMap<>();

  private ExporterScrape(String text) {
    this.text = text;
    for (String line : text.split("\n")) {
      Matcher t = TYPE.matcher(line);
      if (t.matches()) {
        types.put(t.group(1), t.group(2));
        continue;
      }
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher m = SAMPLE.matcher(line);
      if (!m.matches()) {
        throw new IllegalStateException("not a sample line: " + line);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          labels.put(l.group(1), l.group(2));
        }
      }
      samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
    }
  }

  /** Scrapes this JVM's MBeans with the rules in {@code rules}. */
  public static ExporterScrape of(Path rules) throws IOException {
    PrometheusRegistry registry = new PrometheusRegistry();
    try {
      new JmxCollector(Files.readString(rules)).register(registry);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException("bad object name in " + rules, e);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    new PrometheusTextFormatWriter(false).write(out, registry.scrape());
    return new ExporterScrape(out.toString(StandardCharsets.UTF_8));
  }

  public String text() {
    return text;
  }

  public List<Sample> samples() {
    return samples;
  }

  /** Samples of one series name whose labels include every given label. */
  public List<Sample> find(String name, Map<String, String> labels) {
    return samples.stream()
        .filter(s -> s.name().equals(name) && s.labels().entrySet().containsAll(labels.entrySet()))
        .collect(Collectors.toList());
  }

  /** The one sample of {@code name} with these labels; fails if there is none or more. */
  public double value(String name, Map<String, String> labels) {
    List<Sample> found = find(name, labels);
    if (found.size() != 1) {
      throw new AssertionError(found.size() + " samples of " + name + labels + " in the scrape:\n" + text);
    }
    return found.get(0).value();
  }

  /** The series names a Prometheus scraping this would store, sorted. */
  public Set<String> names() {
    return samples.stream().map(Sample::name).collect(Collectors.toCollection(TreeSet::new));
  }

  /** The TYPE line's type of a series name (counter, gauge, ...), or null. */
  public String type(String name) {
    return types.get(name);
  }
}
