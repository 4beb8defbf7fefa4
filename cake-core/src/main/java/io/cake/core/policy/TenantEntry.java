package io.cake.core.policy;

import io.cake.core.config.TenantKeys;
import io.cake.core.tenant.TenantNames;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One tenant's entry in the cluster's policy store: the fields an operator set for it, each the
 * value of one site-file key, and the znode version it was read at. Stored as {@code field=value}
 * lines, so {@code zkCli.sh get} shows it and a hand edit reads the same way.
 *
 * <p>This class checks the form only: known field names, a valid tenant, one-line values. Whether
 * a value is in range is the servers' check, the same one a site file gets ({@link PolicyOverlay}).
 */
public record TenantEntry(String tenant, int version, SortedMap<String, String> fields) {
  public static final String SHARE = "share";
  public static final String RESERVATION = "reservation";
  public static final String ALLOWED_USERS = "allowed-users";
  public static final String CONTRACT = "contract";
  /** The SLO fields, {@code slo.<suffix>}: each the site key {@code cake.slo.<tenant>.<suffix>}. */
  public static final String SLO = "slo.";
  public static final String SLO_KEY_PREFIX = "cake.slo.";
  /** The fields that say what the SLO is; {@code slo.weight} only says how much it counts. */
  public static final List<String> SLO_GOAL_FIELDS =
      List.of("slo.latency-ms", "slo.percentile", "slo.operation", "slo.throughput", "slo.throughput-mb");
  /** Every field, in the order {@code cake tenant describe} shows them. */
  public static final List<String> FIELDS = List.of(SHARE, RESERVATION, ALLOWED_USERS, CONTRACT,
      "slo.latency-ms", "slo.percentile", "slo.operation", "slo.throughput", "slo.throughput-mb", "slo.weight");
  /** Not yet in the store. */
  public static final int NEW = -1;

  public TenantEntry {
    TenantNames.check("tenant", tenant);
    TreeMap<String, String> copy = new TreeMap<>();
    fields.forEach((f, v) -> copy.put(f, checkField(f, v)));
    fields = Collections.unmodifiableSortedMap(copy);
  }

  public static TenantEntry empty(String tenant) {
    return new TenantEntry(tenant, NEW, new TreeMap<>());
  }

  /**
   * Reads a stored entry; throws IllegalArgumentException naming the field when a line is not a
   * known {@code field=value}.
   */
  public static TenantEntry parse(String tenant, byte[] data, int version) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(new String(withoutHBaseHeader(data), StandardCharsets.UTF_8)));
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not field=value lines: " + e.getMessage(), e);
    }
    TreeMap<String, String> fields = new TreeMap<>();
    p.stringPropertyNames().forEach(f -> fields.put(f, p.getProperty(f).trim()));
    return new TenantEntry(tenant, version, fields);
  }

  /**
   * HBase's own ZooKeeper client (RecoverableZooKeeper, under ZKUtil) writes a header before the
   * data: a 0xFF magic byte, a 4-byte length and the writer's id. An entry written with it reads as
   * one written by zkCli.
   */
  static byte[] withoutHBaseHeader(byte[] data) {
    if (data.length < 5 || data[0] != (byte) 0xFF) {
      return data;
    }
    int idLength = java.nio.ByteBuffer.wrap(data, 1, 4).getInt();
    int start = 5 + idLength;
    return idLength < 0 || start > data.length ? data : java.util.Arrays.copyOfRange(data, start, data.length);
  }

  /** The stored form: one sorted {@code field=value} line each. */
  public byte[] toBytes() {
    StringBuilder sb = new StringBuilder();
    fields.forEach((f, v) -> sb.append(f).append('=').append(v).append('\n'));
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  public TenantEntry with(String field, String value) {
    TreeMap<String, String> next = new TreeMap<>(fields);
    next.put(field, value);
    return new TenantEntry(tenant, version, next);
  }

  public TenantEntry without(String field) {
    TreeMap<String, String> next = new TreeMap<>(fields);
    next.remove(field);
    return new TenantEntry(tenant, version, next);
  }

  /** Whether the entry sets the tenant's SLO (then it replaces the site file's whole SLO for it). */
  public boolean hasSlo() {
    return fields.keySet().stream().anyMatch(f -> f.startsWith(SLO));
  }

  /** The site-file key a field stands for: share and reservation for both levels, as one key does. */
  public String keyOf(String field) {
    return switch (field) {
      case SHARE, RESERVATION -> TenantKeys.SHARED_PREFIX + tenant + "." + field;
      case ALLOWED_USERS, CONTRACT -> TenantKeys.HBASE_PREFIX + tenant + "." + field;
      default -> SLO_KEY_PREFIX + tenant + "." + field.substring(SLO.length());
    };
  }

  /** Every field as its site-file key. */
  public Map<String, String> siteKeys() {
    Map<String, String> keys = new TreeMap<>();
    fields.forEach((f, v) -> keys.put(keyOf(f), v));
    return keys;
  }

  private static String checkField(String field, String value) {
    if (!FIELDS.contains(field)) {
      throw new IllegalArgumentException("unknown field '" + field + "': expected one of " + String.join(", ", FIELDS));
    }
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("field '" + field + "' is empty");
    }
    if (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0 || value.indexOf('\\') >= 0) {
      throw new IllegalArgumentException("field '" + field + "' must be one line without backslashes");
    }
    return value.trim();
  }

  @Override
  public String toString() {
    return tenant + (version == NEW ? "" : " v" + version) + " " + fields;
  }
}
