package io.cake.cli.jmx;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;

/**
 * A JSON text read into Jackson's {@link JsonNode} tree with the streaming parser alone. Why not
 * {@code ObjectMapper.readTree}: the mapper builds its whole (de)serializer machinery on first
 * use, about 150 ms of a one-shot command's class loading, for a tree these few lines build.
 * Hadoop's servlet writes NaN bare (a gauge of an interval without samples), HBase's quotes it:
 * both are read.
 */
public final class JsonTree {
  private static final JsonFactory FACTORY =
      JsonFactory.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTree() {}

  /** The tree of {@code text}; an IOException says where the text is not JSON. */
  public static JsonNode read(String text) throws IOException {
    try (JsonParser p = FACTORY.createParser(text)) {
      if (p.nextToken() == null) {
        throw new IOException("empty JSON text");
      }
      JsonNode root = node(p);
      if (p.nextToken() != null) {
        throw new IOException("more than one JSON value at " + p.getCurrentLocation());
      }
      return root;
    }
  }

  private static JsonNode node(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == null) {
      throw new IOException("the JSON text ends early");
    }
    switch (t) {
      case START_OBJECT: {
        ObjectNode o = NODES.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String field = p.getCurrentName();
          p.nextToken();
          o.set(field, node(p));
        }
        return o;
      }
      case START_ARRAY: {
        ArrayNode a = NODES.arrayNode();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          a.add(node(p));
        }
        return a;
      }
      case VALUE_STRING:
        return NODES.textNode(p.getText());
      case VALUE_NUMBER_INT:
        switch (p.getNumberType()) {
          case INT:
            return NODES.numberNode(p.getIntValue());
          case LONG:
            return NODES.numberNode(p.getLongValue());
          default:
            return NODES.numberNode(p.getBigIntegerValue());
        }
      case VALUE_NUMBER_FLOAT:
        return NODES.numberNode(p.getDoubleValue());
      case VALUE_TRUE:
        return NODES.booleanNode(true);
      case VALUE_FALSE:
        return NODES.booleanNode(false);
      case VALUE_NULL:
        return NODES.nullNode();
      default:
        throw new IOException("unexpected " + t + " at " + p.getCurrentLocation());
    }
  }
}
