package io.cake.cluster;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * A RegionServer's {@code /cake} page as a real browser draws it: Debian's chromium, headless,
 * driven through Debian's chromedriver by Selenium. Both binaries are named, so Selenium never
 * looks for (or downloads) a driver. Chromium's own traffic (updates, sync, metrics) is off: it
 * loads only the loopback page it is given.
 *
 * <p>CI installs both and sets {@code CAKE_REQUIRE_BROWSER=1}, which makes a missing one fail;
 * elsewhere the check is skipped without them.
 */
final class CakePageBrowser implements AutoCloseable {
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  /** What the browser shows. */
  record Shown(String title, String controller, List<String> tenants, int decisions, List<String> chartLines) {}

  private final WebDriver driver;

  private CakePageBrowser(WebDriver driver) {
    this.driver = driver;
  }

  /** Starts the browser, or skips the calling test where it is not installed and not required. */
  static CakePageBrowser start() {
    boolean present = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    if (!"1".equals(System.getenv("CAKE_REQUIRE_BROWSER"))) {
      Assumptions.assumeTrue(present, "Debian's chromium and chromium-driver are not installed");
    } else if (!present) {
      throw new AssertionError("CAKE_REQUIRE_BROWSER=1 but " + CHROMIUM + " or " + CHROMEDRIVER + " is missing");
    }
    ChromeOptions o = new ChromeOptions();
    o.setBinary(CHROMIUM.toFile());
    o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-domain-reliability", "--no-pings", "--metrics-recording-only");
    ChromeDriverService service = new ChromeDriverService.Builder()
        .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
    WebDriver d = new ChromeDriver(service, o);
    d.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    return new CakePageBrowser(d);
  }

  Shown open(String url) {
    driver.get(url);
    return new Shown(driver.getTitle(), driver.findElement(By.id("controller")).getText(),
        attributes(driver.findElements(By.cssSelector("#tenants tr[data-tenant]"))),
        driver.findElements(By.cssSelector("#decisions tr")).size() - 1, // less the header
        attributes(driver.findElements(By.cssSelector("#allocation polyline.share"))));
  }

  private static List<String> attributes(List<WebElement> elements) {
    return elements.stream().map(e -> e.getAttribute("data-tenant")).toList();
  }

  @Override
  public void close() {
    driver.quit();
  }
}
