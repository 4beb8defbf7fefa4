package io.cake.cli.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.jmx.Beans;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The director as the active HMaster's {@code io.cake:type=Director} bean shows it. {@code
 * running} false: the HMaster runs none (not loaded, off, or its configuration refused: its log
 * says which). {@code error}: the HMaster's page could not be read.
 */
public record DirectorView(String master, boolean running, String error, Long intervalMs, Long steps, String lastStep,
    List<String> servers, String need, String draining, List<String> actions) {
  static final String BEAN = "io.cake:type=Director";

  public DirectorView {
    servers = servers == null ? List.of() : List.copyOf(servers);
    actions = actions == null ? List.of() : List.copyOf(actions);
  }

  static DirectorView unreadable(String master, String error) {
    return new DirectorView(master, false, error, null, null, null, null, null, null, null);
  }

  static DirectorView of(String master, Beans page) {
    Optional<JsonNode> bean = page.one(Beans.name(BEAN));
    if (bean.isEmpty()) {
      return new DirectorView(master, false, null, null, null, null, null, null, null, null);
    }
    JsonNode b = bean.get();
    Double interval = Beans.number(b, "IntervalMillis");
    Double steps = Beans.number(b, "Steps");
    return new DirectorView(master, true, null, interval == null ? null : interval.longValue(),
        steps == null ? null : steps.longValue(), Beans.text(b, "LastStep"), texts(b, "Servers"), Beans.text(b, "Need"),
        Beans.text(b, "Draining"), texts(b, "RecentActions"));
  }

  private static List<String> texts(JsonNode bean, String attribute) {
    List<String> out = new ArrayList<>();
    bean.path(attribute).forEach(n -> out.add(n.asText()));
    return out;
  }
}
