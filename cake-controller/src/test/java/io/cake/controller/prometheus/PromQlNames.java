package io.cake.controller.prometheus;

import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression reads, for checking a dashboard against what the exporter
 * produces. Not a PromQL parser: it removes what cannot be a metric name (strings, label
 * matchers, label lists of by/without/on/ignoring/group_left/group_right, range and offset
 * durations, Grafana variables, numbers), then every identifier left that is neither a function
 * call nor a keyword is a metric name.
 */
public final class PromQlNames {
  private static final Pattern STRINGS = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
  private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*\\}");
  private static final Pattern LABEL_LISTS =
      Pattern.compile("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  private static final Pattern RANGES = Pattern.compile("\\[[^\\]]*\\]");
  private static final Pattern VARIABLES = Pattern.compile("\\$\\{[^}]*\\}|\\$\\w+");
  private static final Pattern OFFSET = Pattern.compile("\\boffset\\s+\\S+");
  private static final Pattern IDENTIFIER = Pattern.compile("(?<![\\w.])([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?");
  private static final Set<String> KEYWORDS =
      Set.of("by", "without", "on", "ignoring", "group_left", "group_right", "and", "or", "unless",
          "bool", "offset", "inf", "nan", "Inf", "NaN");

  private PromQlNames() {}

  public static Set<String> of(String expr) {
    String s = STRINGS.matcher(expr).replaceAll(" ");
    s = MATCHERS.matcher(s).replaceAll(" ");
    s = LABEL_LISTS.matcher(s).replaceAll(" ");
    s = RANGES.matcher(s).replaceAll(" ");
    s = OFFSET.matcher(s).replaceAll(" ");
    s = VARIABLES.matcher(s).replaceAll(" ");
    Set<String> names = new TreeSet<>();
    Matcher m = IDENTIFIER.matcher(s);
    while (m.find()) {
      boolean call = m.group(2) != null;
      if (!call && !KEYWORDS.contains(m.group(1))) {
        names.add(m.group(1));
      }
    }
    return names;
  }
}
