package io.cake.cli.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.config.ControllerConfig;
import io.cake.core.config.TenantKeys;
import io.cake.core.jmx.CakeOnlyMBeanServerBuilder;
import io.cake.director.config.DirectorConfig;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hdfs.client.CakeTenantFileSystem;
import io.cake.hdfs.client.ClientKeys;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md against the key constants, so the page cannot drift from the code: every
 * key a config class declares has a row, every row names a key the code has, and each row's default
 * is the value of the key's {@code DEFAULT_*} constant.
 *
 * <p>The rule the constants follow: a key {@code NAME} or {@code NAME_KEY} has its default in
 * {@code DEFAULT_NAME}; per-tenant keys are a {@code *_PREFIX} and {@code *_SUFFIX}es, documented
 * as {@code prefix<tenant>suffix}. Constants named {@code *_ATTRIBUTE} are request attributes, not
 * site keys.
 */
class ConfigurationDocTest {
  private static final List<Class<?>> CONFIG_CLASSES = List.of(
      CakeHBaseConfig.class, HdfsSchedulerConfig.class, CakeTenantFileSystem.class, ClientKeys.class,
      ControllerConfig.class, TenantKeys.class,
      CakeOnlyMBeanServerBuilder.class, DirectorConfig.class);

  /** A table row: | `key` | default | ... */
  private static final Pattern ROW = Pattern.compile("(?m)^\\| `([a-z][a-zA-Z0-9.<>_-]*)` \\| ([^|]*) \\|");

  @Test
  void everyKeyInTheCodeHasARowAndEveryRowAKey() throws Exception {
    Map<String, String> doc = documented();
    Map<String, Object> code = keysInCode();
    assertThat(doc.keySet()).as("keys in the code without a row in docs/configuration.md")
        .containsAll(code.keySet());
    assertThat(code.keySet()).as("rows in docs/configuration.md naming no key in the code")
        .containsAll(doc.keySet());
  }

  @Test
  void everyDocumentedDefaultIsTheCodesDefault() throws Exception {
    Map<String, String> doc = documented();
    List<String> wrong = new ArrayList<>();
    keysInCode().forEach((key, def) -> {
      String cell = doc.get(key);
      if (cell != null && def != NO_CONSTANT && !sameDefault(cell, def)) {
        wrong.add(key + ": documented " + cell + ", code " + def);
      } else if (cell != null && def == NO_CONSTANT && cell.matches("`[^`]*`")) {
        wrong.add(key + ": documented " + cell + ", but the code has no DEFAULT_* constant to hold it against");
      }
    });
    assertThat(wrong).as("defaults in docs/configuration.md that differ from the DEFAULT_* constants").isEmpty();
  }

  @Test
  void aWrongDefaultIsCaught() {
    assertThat(sameDefault("`6`", 6)).isTrue();
    assertThat(sameDefault("`0.5`", 0.5)).isTrue();
    assertThat(sameDefault("`10000`", 10_000L)).isTrue();
    assertThat(sameDefault("`true`", true)).isTrue();
    assertThat(sameDefault("(empty)", "")).isTrue();
    assertThat(sameDefault("`7`", 6)).isFalse();
    assertThat(sameDefault("`false`", true)).isFalse();
    assertThat(sameDefault("(empty)", "batch")).isFalse();
  }

  private static final Object NO_CONSTANT = new Object();

  /** Key to its default (NO_CONSTANT where the class declares no DEFAULT_* for it). */
  static Map<String, Object> keysInCode() throws IllegalAccessException {
    Map<String, Object> keys = new LinkedHashMap<>();
    for (Class<?> c : CONFIG_CLASSES) {
      Map<String, Field> fields = new LinkedHashMap<>();
      for (Field f : c.getFields()) {
        // Its own: CakeTenantFileSystem inherits Hadoop's FileSystem constants (fs.defaultFS).
        if (Modifier.isStatic(f.getModifiers()) && f.getDeclaringClass() == c) {
          fields.put(f.getName(), f);
        }
      }
      List<String> prefixes = new ArrayList<>();
      List<String> suffixes = new ArrayList<>();
      for (Field f : fields.values()) {
        String name = f.getName();
        if (f.getType() != String.class || name.startsWith("DEFAULT_") && !isKey(f.get(null))
            || name.endsWith("_ATTRIBUTE")) {
          continue;
        }
        String v = (String) f.get(null);
        if (name.endsWith("_PREFIX")) {
          prefixes.add(v);
        } else if (name.endsWith("_SUFFIX")) {
          suffixes.add(v);
        } else if (isKey(v)) {
          Field d = fields.get("DEFAULT_" + name.replaceFirst("_KEY$", ""));
          keys.put(v, d == null ? NO_CONSTANT : unwrap(d.get(null)));
        }
      }
      for (String p : prefixes) {
        for (String s : suffixes) {
          keys.putIfAbsent(p + "<tenant>" + s, defaultOfSuffix(fields, s));
        }
      }
    }
    return keys;
  }

  /** A suffix's default: DEFAULT_X beside X_SUFFIX. */
  private static Object defaultOfSuffix(Map<String, Field> fields, String suffix) throws IllegalAccessException {
    for (Field f : fields.values()) {
      if (f.getName().endsWith("_SUFFIX") && suffix.equals(f.get(null))) {
        Field d = fields.get("DEFAULT_" + f.getName().replaceFirst("_SUFFIX$", ""));
        // DEFAULT_SHARE beside SHARE_SUFFIX is the default-share key itself, no value.
        return d == null || isKey(d.get(null)) ? NO_CONSTANT : unwrap(d.get(null));
      }
    }
    return NO_CONSTANT;
  }

  private static Object unwrap(Object v) {
    return v instanceof Optional<?> o ? o.map(Object::toString).orElse("") : v;
  }

  private static boolean isKey(Object v) {
    return v instanceof String s && s.matches("[a-z][a-z0-9-]*(\\.[a-z0-9][a-zA-Z0-9-]*)+"); // a class name's last part starts upper case
  }

  static Map<String, String> documented() throws IOException {
    Path doc = Path.of(System.getProperty("cake.source.tree", "..")).resolve("docs/configuration.md");
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    Map<String, String> rows = new LinkedHashMap<>();
    Matcher m = ROW.matcher(text);
    while (m.find()) {
      assertThat(rows.put(m.group(1), m.group(2).trim())).as("documented twice: " + m.group(1)).isNull();
    }
    return rows;
  }

  /** The cell holds the default in backticks, or "(empty)" for an empty string. */
  static boolean sameDefault(String cell, Object def) {
    String text = cell.equals("(empty)") ? "" : cell.matches("`[^`]*`") ? cell.substring(1, cell.length() - 1) : null;
    if (text == null) {
      return false;
    }
    if (def instanceof Number n) {
      try {
        return Double.parseDouble(text) == n.doubleValue();
      } catch (NumberFormatException e) {
        return false;
      }
    }
    return text.equals(String.valueOf(def));
  }
}
