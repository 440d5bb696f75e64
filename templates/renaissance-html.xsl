<?xml version="1.0" encoding="UTF-8"?>
<!--
  The HTML report of one run of Age of Renaissance (issue 20.5): one
  self-contained page (inline CSS and SVG, no scripts).  The standings in
  the order of play (cash, misery, tokens, markers, cards, ships,
  advances), the viewer's own hand only (RR39), the commodities with
  shortages and surpluses, and a map of the 108 provinces drawn from the
  data file's positions (<province x="" y="">, corrected there, never
  here): markets are circles, satellites squares, capitals ringed twice;
  a province's fill is the colour of the player whose dominance marker is
  on it, and tokens are numbers in their player's colour.  Waters are
  blue dots, sea areas named.  What every game shares is in
  report-core-html.xsl, imported below.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:svg="http://www.w3.org/2000/svg"
    exclude-result-prefixes="svg">
  <xsl:import href="report-core-html.xsl"/>
  <xsl:param name="game-title" select="'Age of Renaissance'"/>

  <xsl:key name="country" match="/game/ruleset/provinces/province[@id = /game/state/player/@capital]" use="/game/state/player[@capital = current()/@id]/@id"/>
  <xsl:key name="country" match="/game/players/player[not(@country = /game/state/player[@capital]/@id)]" use="@country"/>
  <xsl:key name="place" match="/game/ruleset/provinces/province | /game/ruleset/variants/variant/add-province | /game/ruleset/waters/water" use="@id"/>
  <xsl:key name="card" match="/game/ruleset/cards/card" use="@id"/>
  <xsl:key name="advance" match="/game/ruleset/advances/advance" use="@letter"/>

  <xsl:variable name="rs" select="/game/ruleset"/>
  <xsl:variable name="st" select="/game/state"/>
  <!--
    The game's map (RR42): the data file's, changed by the map variant
    the game plays (revised-map: Loire, no Smolensk), as the program
    changes its own copy.
  -->
  <xsl:variable name="mapvar" select="$rs/variants/variant[@id = /game/variants/variant/@name]"/>
  <xsl:variable name="provinces" select="$rs/provinces/province[not(@id = $mapvar/remove-province/@ref)] | $mapvar/add-province"/>
  <!--
    A colour for each seat, p1 ... p6.  An attribute value of the map
    takes it as a string (select="substring(substring-after($colours,
    ...), 1, 7)"), not from a variable holding the colour template's
    result: libxml2 reads such a tree fragment into a 4 KB buffer that
    the attribute then keeps: 4 KB for each province's fill and each
    token's and ship's reach's colour, 113 of them at the end of the
    bench's game, half a megabyte of the report's peak (issue 20.8).
  -->
  <xsl:variable name="colours" select="'p1#c0392bp2#2e6fd8p3#e0a800p4#27a05ap5#8e44adp6#e67e22'"/>

  <xsl:template name="form-country">
    <xsl:value-of select="@country"/>
  </xsl:template>

  <xsl:template name="colour">
    <xsl:param name="id"/>
    <xsl:value-of select="substring(substring-after($colours, $id), 1, 7)"/>
  </xsl:template>

  <xsl:template match="/">
    <xsl:variable name="title">
      <xsl:value-of select="concat($game-title, ', game ', $game/@id, ': run ', $run)"/>
      <xsl:if test="$viewer != ''">
        <xsl:value-of select="concat(' (', key('country', $viewer)/@name, ')')"/>
      </xsl:if>
    </xsl:variable>
    <html lang="en">
      <head>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title><xsl:value-of select="$title"/></title>
        <link rel="icon" href="data:,"/>
        <style>
          <xsl:call-template name="css-base"/>
          <xsl:call-template name="css"/>
        </style>
      </head>
      <body>
        <header class="top">
          <h1><xsl:value-of select="concat($game-title, ', game ', $game/@id)"/></h1>
          <p class="sub">
            <xsl:value-of select="concat('Report of run ', $run, ' · turn ', $st/@turn, ', ', $st/@phase, ' · epoch ', $st/@epoch, ' of ', $st/@epochs)"/>
          </p>
          <xsl:if test="$viewer != ''">
            <p class="private-note">
              <xsl:value-of select="concat('Private report for ', key('country', $viewer)/@name, ' (', $game/players/player[@country = $viewer]/@name, '): do not forward.')"/>
            </p>
          </xsl:if>
          <nav>
            <a href="#happened">What happened</a>
            <a href="#standings">Standings</a>
            <a href="#commodities">Commodities</a>
            <a href="#board">Map</a>
            <a href="#pending">Pending</a>
            <a href="#variants">Variants</a>
            <xsl:if test="$viewer != ''"><a href="#private">Your hand</a></xsl:if>
          </nav>
        </header>
        <main>
          <xsl:call-template name="happened"/>
          <xsl:call-template name="standings"/>
          <xsl:call-template name="commodities"/>
          <section id="board">
            <h2>Map</h2>
            <xsl:call-template name="map"/>
          </section>
          <xsl:call-template name="pending"/>
          <xsl:call-template name="variants"/>
          <xsl:if test="$viewer != ''">
            <xsl:call-template name="private"/>
          </xsl:if>
        </main>
        <footer>
          <xsl:value-of select="concat(count($game/history/entry) + sum($game/history/@omitted), ' history entries; seed commitment ', $game/seed/@commitment, '.')"/>
          <xsl:for-each select="$game/history-digest[@sha256]">
            <br/>
            <xsl:value-of select="concat('History digest through run ', @run, ': ')"/>
            <code><xsl:value-of select="@sha256"/></code>
            <xsl:value-of select="concat(' (adjudicator verify --report checks it). Rollbacks: ', @rollbacks, '.')"/>
          </xsl:for-each>
        </footer>
      </body>
    </html>
  </xsl:template>

  <xsl:template name="standings">
    <section id="standings">
      <h2>Standings, in the order of play</h2>
      <table class="standings">
        <thead>
          <tr><th>#</th><th class="l">Player</th><th>Box</th><th>Cash</th><th>Misery</th><th>Stock</th><th>Expansion</th><th>On map</th><th>Markers</th><th>Cards</th><th class="l">Ships</th><th>Score</th><th class="l">Advances</th></tr>
        </thead>
        <tbody>
          <xsl:for-each select="$st/player">
            <tr>
              <xsl:attribute name="class">
                <xsl:value-of select="concat('seat-', @id)"/>
                <xsl:if test="@id = $viewer"> you</xsl:if>
              </xsl:attribute>
              <td><xsl:value-of select="position()"/></td>
              <td class="l">
                <span class="swatch">
                  <xsl:attribute name="style">background:<xsl:call-template name="colour"><xsl:with-param name="id" select="@id"/></xsl:call-template></xsl:attribute>
                </span>
                <xsl:value-of select="concat(' ', key('country', @id)/@name, ' (', $game/players/player[@country = current()/@id]/@name, ')')"/>
                <xsl:if test="@out = 'yes'"> (out, RR35)</xsl:if>
              </td>
              <td><xsl:value-of select="@box"/></td>
              <td class="cash"><xsl:value-of select="@cash"/></td>
              <td class="misery"><xsl:value-of select="@misery"/></td>
              <td><xsl:value-of select="@stock"/></td>
              <td><xsl:value-of select="@expansion"/></td>
              <td><xsl:value-of select="sum($st/province/tokens[@player = current()/@id]/@count)"/></td>
              <td><xsl:value-of select="@markers"/></td>
              <td class="cards"><xsl:value-of select="@cards"/></td>
              <td class="l">
                <xsl:value-of select="concat(@ships, ' ', @ship-level)"/>
                <xsl:if test="not(@ships)">none</xsl:if>
              </td>
              <td><xsl:value-of select="@score"/></td>
              <td class="l">
                <xsl:for-each select="advance">
                  <abbr title="{key('advance', @letter)/@name}"><xsl:value-of select="@letter"/></abbr>
                  <xsl:if test="position() != last()"><xsl:text> </xsl:text></xsl:if>
                </xsl:for-each>
              </td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
      <xsl:for-each select="$st/player[@ships]">
        <p class="ships">
          <xsl:variable name="reach" select="concat(' ', @ship-reach, ' ')"/>
          <xsl:value-of select="concat('Ships of ', key('country', @id)/@name, ': ', @ships, ' ', @ship-level, ' (', $rs/shipping/row[@id = current()/@ships], '). They reach, where land and caravans do not (RR26): ')"/>
          <xsl:for-each select="$provinces[contains($reach, concat(' ', @id, ' '))]">
            <xsl:value-of select="concat(@name, substring(', ', 1, 2 * (position() != last())))"/>
          </xsl:for-each>
          <xsl:if test="not(@ship-reach)">nothing more</xsl:if>
          <xsl:text>.</xsl:text>
        </p>
      </xsl:for-each>
    </section>
  </xsl:template>

  <xsl:template name="commodities">
    <section id="commodities">
      <h2>Commodities</h2>
      <table class="commodities">
        <thead><tr><th class="l">Commodity</th><th>Value</th><th>Shortage</th><th>Surplus</th><th>Provinces</th><th class="l">Dominated</th><th class="l">The commodity's provinces (underlined in the colour of the marker's owner)</th></tr></thead>
        <tbody>
          <xsl:for-each select="$rs/commodities/commodity">
            <xsl:variable name="m" select="$st/market[@commodity = current()/@id]"/>
            <xsl:variable name="provs" select="$provinces[commodity/@ref = current()/@id]"/>
            <tr>
              <td class="l"><xsl:value-of select="@name"/></td>
              <td><xsl:value-of select="@value"/></td>
              <td><xsl:if test="$m/@shortage &gt; 0">shortage</xsl:if></td>
              <td><xsl:if test="$m/@surplus &gt; 0">surplus</xsl:if></td>
              <td><xsl:value-of select="count($provs)"/></td>
              <td class="l nw">
                <xsl:for-each select="$st/player">
                  <xsl:variable name="k" select="count($st/province[@marker = current()/@id][@id = $provs/@id])"/>
                  <xsl:if test="$k &gt; 0">
                    <xsl:value-of select="concat(key('country', @id)/@name, ' ', $k, ' ')"/>
                  </xsl:if>
                </xsl:for-each>
              </td>
              <td class="l log">
                <xsl:for-each select="$provs">
                  <xsl:variable name="owner" select="$st/province[@id = current()/@id]/@marker"/>
                  <xsl:choose>
                    <xsl:when test="$owner">
                      <span class="held">
                        <xsl:attribute name="style">border-color:<xsl:call-template name="colour"><xsl:with-param name="id" select="$owner"/></xsl:call-template></xsl:attribute>
                        <xsl:value-of select="@name"/>
                      </span>
                    </xsl:when>
                    <xsl:otherwise><xsl:value-of select="@name"/></xsl:otherwise>
                  </xsl:choose>
                  <xsl:if test="position() != last()">, </xsl:if>
                </xsl:for-each>
              </td>
            </tr>
          </xsl:for-each>
        </tbody>
      </table>
      <xsl:variable name="paid" select="$game/history/entry[@run = $run]/event[@type = 'commodity']"/>
      <xsl:if test="$paid">
        <h3>Commodity payments in this run</h3>
        <ul class="paid">
          <xsl:for-each select="$paid"><li><xsl:value-of select="."/></li></xsl:for-each>
        </ul>
      </xsl:if>
    </section>
  </xsl:template>

  <xsl:template name="map">
    <svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {$rs/map/@width} {$rs/map/@height}" role="img" aria-label="The map of the {count($provinces)} provinces">
      <rect width="{$rs/map/@width}" height="{$rs/map/@height}" class="sea"/>
      <g class="water-links">
        <xsl:for-each select="$rs/water-links/link | $mapvar/add-water-link">
          <xsl:variable name="a" select="key('place', @a)"/>
          <xsl:variable name="b" select="key('place', @b)"/>
          <xsl:if test="not($mapvar/remove-water-link[(@a = $a/@id and @b = $b/@id) or (@a = $b/@id and @b = $a/@id)])">
            <line x1="{$a/@x}" y1="{$a/@y}" x2="{$b/@x}" y2="{$b/@y}"/>
          </xsl:if>
        </xsl:for-each>
      </g>
      <g class="land-links">
        <xsl:for-each select="$rs/land-links/link | $mapvar/add-land-link | $mapvar/add-province/adjacent">
          <xsl:variable name="a" select="key('place', concat(@a, self::adjacent/../@id))"/>
          <xsl:variable name="b" select="key('place', concat(@b, @ref))"/>
          <xsl:if test="not($mapvar/remove-province[@ref = $a/@id or @ref = $b/@id] | $mapvar/remove-land-link[(@a = $a/@id and @b = $b/@id) or (@a = $b/@id and @b = $a/@id)])">
            <line x1="{$a/@x}" y1="{$a/@y}" x2="{$b/@x}" y2="{$b/@y}"/>
          </xsl:if>
        </xsl:for-each>
      </g>
      <g class="waters">
        <xsl:for-each select="$rs/waters/water">
          <circle cx="{@x}" cy="{@y}" r="3" class="{@type}"><title><xsl:value-of select="@name"/></title></circle>
          <xsl:if test="@type != 'coastal'">
            <!-- a name near the edge starts at its point, inside the map -->
            <text x="{@x}" y="{@y - 6}" class="sea-name{substring(' west', 1, 5 * (@x &lt; 100))}"><xsl:value-of select="@name"/></text>
          </xsl:if>
        </xsl:for-each>
      </g>
      <g class="ship-reach">
        <xsl:for-each select="$st/player[@ship-reach]">
          <xsl:variable name="reach" select="concat(' ', @ship-reach, ' ')"/>
          <xsl:variable name="c" select="substring(substring-after($colours, @id), 1, 7)"/>
          <xsl:variable name="k" select="position()"/>
          <xsl:for-each select="$provinces[contains($reach, concat(' ', @id, ' '))]">
            <circle cx="{@x}" cy="{@y}" r="{14 + 3 * $k}" stroke="{$c}" data-reach="{@id}"/>
          </xsl:for-each>
        </xsl:for-each>
      </g>
      <g class="provinces">
        <xsl:for-each select="$provinces">
          <xsl:variable name="here" select="$st/province[@id = current()/@id]"/>
          <xsl:variable name="fill" select="concat(substring(substring-after($colours, $here/@marker), 1, 7 * boolean($here/@marker)), substring('#fffdf5', 1, 7 * not($here/@marker)))"/>
          <xsl:variable name="cls" select="concat('prov ', @type, substring(' dominated', 1, 10 * boolean($here/@marker)))"/>
          <xsl:variable name="tip" select="concat(@name, ', area ', @area, ', market ', @market, substring(concat(', ', commodity[1]/@ref), 1, 100 * boolean(commodity)), substring(concat(', dominated by ', key('country', $here/@marker)/@name), 1, 100 * boolean($here/@marker)))"/>
          <xsl:choose>
            <xsl:when test="@type = 'satellite'">
              <rect x="{@x - 7}" y="{@y - 7}" width="14" height="14" class="{$cls}" fill="{$fill}" data-province="{@id}"><title><xsl:value-of select="$tip"/></title></rect>
            </xsl:when>
            <xsl:otherwise>
              <circle cx="{@x}" cy="{@y}" r="{9 + 2 * (@type = 'capital')}" class="{$cls}" fill="{$fill}" data-province="{@id}"><title><xsl:value-of select="$tip"/></title></circle>
              <xsl:if test="@type = 'capital'">
                <circle cx="{@x}" cy="{@y}" r="15" class="capital-ring"/>
              </xsl:if>
            </xsl:otherwise>
          </xsl:choose>
          <text x="{@x}" y="{@y + 4}" class="market-number"><xsl:value-of select="@market"/></text>
          <text x="{@x}" y="{@y + 21 + 3 * (@type = 'capital')}" class="name"><xsl:value-of select="@name"/></text>
          <xsl:for-each select="$here/tokens">
            <xsl:variable name="c" select="substring(substring-after($colours, @player), 1, 7)"/>
            <g class="tokens">
              <circle cx="{key('place', ../@id)/@x + 12 + 10 * (position() - 1)}" cy="{key('place', ../@id)/@y - 11}" r="6" fill="{$c}"/>
              <text x="{key('place', ../@id)/@x + 12 + 10 * (position() - 1)}" y="{key('place', ../@id)/@y - 8}" class="token-count"><xsl:value-of select="@count"/></text>
            </g>
          </xsl:for-each>
        </xsl:for-each>
      </g>
    </svg>
    <p class="legend">
      <xsl:for-each select="$st/player">
        <span class="swatch">
          <xsl:attribute name="style">background:<xsl:call-template name="colour"><xsl:with-param name="id" select="@id"/></xsl:call-template></xsl:attribute>
        </span>
        <xsl:value-of select="concat(' ', key('country', @id)/@name, ' ')"/>
      </xsl:for-each>
    </p>
    <p class="map-note">Circles are markets, squares satellites, a double ring a capital; the number is the market number. A province is filled with the colour of the player whose dominance marker is on it; coloured discs count tokens; a dashed ring in a player's colour is a province his ships reach where land and caravans do not. Positions come from the data file (formats/renaissance.xml, marked there: S transcribed, P provisional) and are corrected there.</p>
  </xsl:template>

  <xsl:template name="private">
    <section id="private">
      <h2><xsl:value-of select="concat('Your hand (', key('country', $viewer)/@name, ')')"/></h2>
      <xsl:variable name="me" select="$st/player[@id = $viewer]"/>
      <xsl:choose>
        <xsl:when test="$me/hand/card">
          <ul class="hand">
            <xsl:for-each select="$me/hand/card">
              <li>
                <strong><xsl:value-of select="key('card', @id)/@name"/></strong>
                <xsl:value-of select="concat(' [', @id, '] ')"/>
                <span class="effect"><xsl:value-of select="key('card', @id)/effect"/></span>
              </li>
            </xsl:for-each>
          </ul>
        </xsl:when>
        <xsl:otherwise><p>Your hand is empty.</p></xsl:otherwise>
      </xsl:choose>
    </section>
  </xsl:template>

  <xsl:template name="css">
svg.map { width: 100%; max-width: 1137px; height: auto; border: 1px solid #99a; }
svg.map .sea { fill: #dbe9f5; }
svg.map .water-links line { stroke: #9cc0e0; stroke-width: 1; }
svg.map .land-links line { stroke: #b9a98a; stroke-width: 1.5; }
svg.map .waters circle { fill: #6d9fd0; }
svg.map .sea-name { font: italic 12px sans-serif; fill: #3b6a99; text-anchor: middle; }
svg.map .sea-name.west { text-anchor: start; }
svg.map .ship-reach circle { fill: none; stroke-width: 2.5; stroke-dasharray: 4 3; }
svg.map .prov { stroke: #333; stroke-width: 1.2; }
svg.map .capital-ring { fill: none; stroke: #333; stroke-width: 1.5; }
svg.map .market-number { font: bold 9px sans-serif; text-anchor: middle; fill: #222; }
svg.map .dominated + text.market-number, svg.map .name { fill: #222; }
svg.map .name { font: 9px sans-serif; text-anchor: middle; paint-order: stroke; stroke: #f4efe2; stroke-width: 2.5px; }
svg.map .token-count { font: bold 9px sans-serif; text-anchor: middle; fill: #fff; }
p.legend { margin: .3em 0; }
table.standings td, table.commodities td { text-align: right; padding: 0 .5em; }
table td.l, table th.l { text-align: left; }
td.log { font-size: 85%; }
td.nw { white-space: nowrap; }
span.held { border-bottom: 3px solid; font-weight: bold; }
.swatch { display: inline-block; width: .8em; height: .8em; border: 1px solid #333; }
tr.you { font-weight: bold; }
ul.hand .effect { color: #555; font-size: 90%; }
  </xsl:template>
</xsl:stylesheet>
