package io.cake.cli.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * {@code --json}: the same records the tables show, indented, nulls written out (a value not
 * measured is null, never NaN, so every JSON parser reads it).
 */
public final class Json {
  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  /** One line: for a stream of documents ({@code status --watch --json}). */
  public static String line(Object value) {
    return write(MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT), value);
  }

  public static String write(Object value) {
    return write(MAPPER.writer(), value);
  }

  private static String write(ObjectWriter writer, Object value) {
    try {
      return writer.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
    }
  }
}
