package io.cake.cli.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class JsonTreeTest {
  @Test
  void readsTheSameTreeAsJacksonsMapper() throws IOException {
    String text = "{\"beans\":[{\"name\":\"io.cake:type=X\",\"i\":7,\"l\":12345678901,"
        + "\"big\":123456789012345678901234567890,\"d\":0.25,\"t\":true,\"f\":false,\"n\":null,"
        + "\"a\":[1,[2,{}],\"s\"],\"nested\":{\"k\":{\"v\":\"w\"}}}]}";
    assertThat(JsonTree.read(text)).isEqualTo(new ObjectMapper().readTree(text));
  }

  @Test
  void readsNaNBareAsHadoopWritesItAndQuotedAsHBaseDoes() throws IOException {
    JsonNode bare = JsonTree.read("{\"Value\":NaN}").path("Value");
    assertThat(bare.isNumber()).isTrue();
    assertThat(Double.isNaN(bare.doubleValue())).isTrue();
    assertThat(JsonTree.read("{\"Value\":\"NaN\"}").path("Value").asText()).isEqualTo("NaN");
  }

  @Test
  void refusesTextThatIsNotOneWholeJsonValue() {
    assertThatThrownBy(() -> JsonTree.read("")).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> JsonTree.read("{\"beans\":[{\"a\":1}")).isInstanceOf(IOException.class);
    assertThatThrownBy(() -> JsonTree.read("{} {}")).isInstanceOf(IOException.class).hasMessageContaining("more than one");
    assertThatThrownBy(() -> JsonTree.read("<html>Error 500</html>")).isInstanceOf(IOException.class);
  }
}
