<?xml version="1.0" encoding="UTF-8"?>
<!--
  The board as SVG 1.1: a schematic map of the areas and home countries
  with the adjacency, the discs and the empire markers; the action boxes
  by group; the VP bar and unrest track of each player.

  Run alone (adjudicator report GAME.xml -o board.svg, with the template
  option naming this file) it writes the whole board as one .svg file.
  report-html.xsl imports it and calls the three parts one by one
  (board-svg-map, board-svg-boxes, board-svg-tracks), each of which makes
  its own <svg> element, so that the page can put them in its sections.

  Positions and colours come from board-layout.xml (presentation data);
  everything about the game comes from the game file and the ruleset copy
  inside it.  The board shows the state after the game's latest run.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns="http://www.w3.org/2000/svg">
  <xsl:output method="xml" encoding="UTF-8" indent="yes"
      media-type="image/svg+xml"/>

  <xsl:variable name="game" select="/game"/>
  <xsl:variable name="rs" select="/game/ruleset"/>
  <xsl:variable name="st" select="/game/state"/>
  <xsl:variable name="layout" select="document('board-layout.xml')/board-layout"/>
  <xsl:variable name="svg-font"
      select="'DejaVu Sans, Helvetica, Arial, sans-serif'"/>
  <xsl:variable name="svg-muted" select="'#5b6470'"/>
  <xsl:variable name="svg-ink" select="'#1d2430'"/>

  <!--
    Lookups by id: a predicate such as $rs/markers/marker[@id = $id]
    compares every marker each time, a key finds it (issue 12).  key()
    searches the document of the context node: these are used where it
    is the game file.
  -->
  <xsl:key name="svg-country" match="/game/ruleset/countries/country" use="@id"/>
  <xsl:key name="svg-marker" match="/game/ruleset/markers/marker" use="@id"/>
  <xsl:key name="svg-area" match="/game/ruleset/areas/area" use="@id"/>
  <xsl:key name="svg-box-instance" match="/game/state/boxes/box"
      use="concat(@kind, ' ', @instance)"/>
  <!-- and these where it is board-layout.xml -->
  <xsl:key name="svg-colour" match="/board-layout/colours/colour" use="@name"/>
  <xsl:key name="svg-place" match="/board-layout/map/*"
      use="concat(local-name(), ' ', @id)"/>

  <!--
    Loops that count (1 to n) go over the first n of these nodes, which
    are the first elements of the ruleset, as many as the longest such
    loop takes (the unrest track, a box kind, a row of the alliance
    display): filtering the whole ruleset at each loop cost more than the
    loop (issue 12).
  -->
  <xsl:variable name="svg-most-boxes">
    <xsl:for-each select="$rs/boxes/box">
      <xsl:sort select="@count" data-type="number" order="descending"/>
      <xsl:if test="position() = 1"><xsl:value-of select="@count"/></xsl:if>
    </xsl:for-each>
  </xsl:variable>
  <xsl:variable name="svg-count-boxes" select="number($svg-most-boxes)"/>
  <xsl:variable name="svg-count-unrest" select="$rs/numbers/@max-unrest + 1"/>
  <xsl:variable name="svg-count-alliance" select="ceiling($rs/numbers/@alliance-boxes div 2)"/>
  <xsl:variable name="svg-counter"
      select="($rs/descendant::*)[position() &lt;= $svg-count-unrest or position() &lt;= $svg-count-boxes or position() &lt;= $svg-count-alliance]"/>

  <!-- The spare row: areas and homes the layout does not place. -->
  <xsl:variable name="unplaced-areas"
      select="$rs/areas/area[not(@id = $layout/map/area/@id)]"/>
  <xsl:variable name="unplaced-homes"
      select="$rs/countries/country[not(@id = $layout/map/home/@id)]"/>
  <xsl:variable name="map-height">
    <xsl:choose>
      <xsl:when test="$unplaced-areas or $unplaced-homes">
        <xsl:value-of select="$layout/map/spare/@y + 130"/>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="$layout/map/@height"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>

  <!-- The tallest box group decides the height of the boxes panel. -->
  <xsl:variable name="box-rows">
    <xsl:for-each select="$layout/boxes/group">
      <xsl:sort select="count($rs/boxes/box[@group = current()/@id])"
          data-type="number" order="descending"/>
      <xsl:if test="position() = 1">
        <xsl:value-of select="count($rs/boxes/box[@group = current()/@id])"/>
      </xsl:if>
    </xsl:for-each>
  </xsl:variable>
  <xsl:variable name="boxes-height" select="40 + $box-rows * 34"/>
  <xsl:variable name="tracks-height"
      select="34 + count($st/country[@player = 'yes']) * $layout/tracks/@row"/>
  <!-- Boxes beyond count - five-plus exist only with this many players. -->
  <xsl:variable name="large-game"
      select="count($game/players/player) &gt;= $rs/numbers/@large-game-players"/>

  <!-- Stops with a message a moderator can act on when the layout is
       missing (it is installed beside the templates). -->
  <xsl:template name="svg-need-layout">
    <xsl:if test="not($layout/map)">
      <xsl:message terminate="yes">board-layout.xml is missing or unreadable: it belongs in the folder of board-svg.xsl</xsl:message>
    </xsl:if>
  </xsl:template>

  <!-- The standalone file: title, map, boxes and tracks one below the other. -->
  <xsl:template match="/">
    <xsl:call-template name="svg-need-layout"/>
    <xsl:variable name="y-boxes" select="44 + $map-height + 16"/>
    <xsl:variable name="y-tracks" select="$y-boxes + $boxes-height + 16"/>
    <xsl:variable name="total" select="$y-tracks + $tracks-height + 8"/>
    <svg version="1.1" width="{$layout/map/@width}" height="{$total}"
        viewBox="0 0 {$layout/map/@width} {$total}" font-family="{$svg-font}">
      <title>
        <xsl:value-of select="concat('Age of Reason, game ', $game/@id, ': the board after run ', $game/@run)"/>
      </title>
      <rect x="0" y="0" width="{$layout/map/@width}" height="{$total}" fill="#ffffff"/>
      <text x="12" y="28" font-size="20" font-weight="bold" fill="{$svg-ink}">
        <xsl:value-of select="concat('Age of Reason, game ', $game/@id, ': the board after run ', $game/@run)"/>
      </text>
      <text x="{$layout/map/@width - 12}" y="28" font-size="14" text-anchor="end" fill="{$svg-muted}">
        <xsl:call-template name="svg-turn-line"/>
      </text>
      <xsl:call-template name="board-svg-map">
        <xsl:with-param name="y" select="44"/>
      </xsl:call-template>
      <xsl:call-template name="board-svg-boxes">
        <xsl:with-param name="y" select="$y-boxes"/>
      </xsl:call-template>
      <xsl:call-template name="board-svg-tracks">
        <xsl:with-param name="y" select="$y-tracks"/>
      </xsl:call-template>
    </svg>
  </xsl:template>

  <xsl:template name="svg-turn-line">
    <xsl:value-of select="concat('Turn ', $st/@turn, ' of ', $rs/numbers/@turns, ', ', $st/@phase)"/>
    <xsl:if test="$st/auction">
      <xsl:value-of select="concat(', auction ', $st/auction/@number)"/>
    </xsl:if>
    <xsl:if test="$st/segment">
      <xsl:value-of select="concat(', segment ', $st/segment/@number, ' of ', $st/segment/@of)"/>
    </xsl:if>
  </xsl:template>

  <!-- ============================== colours ============================ -->

  <!--
    A country's fill, text or outline colour (part: fill|text|stroke).
    An attribute value template takes it from a select= of the same
    (the discs, the players' rows), not from a variable holding this
    template's result: libxml2 reads such a tree fragment into a 4 KB
    buffer that the attribute then keeps, 4 KB for each disc and row of
    the board (issue 20.8).
  -->
  <xsl:template name="svg-colour">
    <xsl:param name="id"/>
    <xsl:param name="part" select="'fill'"/>
    <xsl:variable name="name" select="key('svg-country', $id)/@colour"/>
    <!-- the layout is the context of its keys (svg-need-layout: it is) -->
    <xsl:for-each select="$layout">
      <xsl:variable name="c" select="key('svg-colour', $name)"/>
      <xsl:choose>
        <xsl:when test="$c"><xsl:value-of select="$c/@*[local-name() = $part]"/></xsl:when>
        <xsl:when test="$part = 'fill' and $name"><xsl:value-of select="$name"/></xsl:when>
        <xsl:when test="$part = 'fill'">#9e9e9e</xsl:when>
        <xsl:when test="$part = 'text'">#000000</xsl:when>
        <xsl:otherwise>#333333</xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
  </xsl:template>

  <!-- ============================== geometry =========================== -->

  <!-- "x y w h " of an area (what='area') or home country (what='home'). -->
  <xsl:template name="svg-geom">
    <xsl:param name="id"/>
    <xsl:param name="what"/>
    <xsl:for-each select="$layout">
      <xsl:variable name="l" select="key('svg-place', concat($what, ' ', $id))"/>
      <xsl:variable name="spare" select="$layout/map/spare"/>
      <xsl:choose>
        <xsl:when test="$l">
          <xsl:value-of select="concat($l/@x, ' ', $l/@y, ' ', $l/@w, ' ', $l/@h, ' ')"/>
        </xsl:when>
        <xsl:when test="$what = 'area'">
          <xsl:variable name="i" select="count($unplaced-areas[following-sibling::area[@id = $id]])"/>
          <xsl:value-of select="concat($spare/@x + $i * $spare/@step, ' ', $spare/@y, ' 184 120 ')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:variable name="i" select="count($unplaced-areas) + count($unplaced-homes[following-sibling::country[@id = $id]])"/>
          <xsl:value-of select="concat($spare/@x + $i * $spare/@step, ' ', $spare/@y + 40, ' 120 34 ')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
  </xsl:template>

  <!-- "cx cy " of an area or home country, empty when it is unplaced. -->
  <xsl:template name="svg-centre">
    <xsl:param name="id"/>
    <xsl:param name="what"/>
    <xsl:for-each select="$layout">
      <xsl:variable name="l" select="key('svg-place', concat($what, ' ', $id))"/>
      <xsl:if test="$l">
        <xsl:value-of select="concat($l/@x + $l/@w div 2, ' ', $l/@y + $l/@h div 2, ' ')"/>
      </xsl:if>
    </xsl:for-each>
  </xsl:template>

  <xsl:template name="svg-line">
    <xsl:param name="from"/>
    <xsl:param name="to"/>
    <xsl:param name="dashed" select="false()"/>
    <xsl:if test="$from != '' and $to != ''">
      <line x1="{substring-before($from, ' ')}"
          y1="{substring-before(substring-after($from, ' '), ' ')}"
          x2="{substring-before($to, ' ')}"
          y2="{substring-before(substring-after($to, ' '), ' ')}">
        <xsl:choose>
          <xsl:when test="$dashed">
            <xsl:attribute name="stroke">#8d7b62</xsl:attribute>
            <xsl:attribute name="stroke-width">1.5</xsl:attribute>
            <xsl:attribute name="stroke-dasharray">5 4</xsl:attribute>
          </xsl:when>
          <xsl:otherwise>
            <xsl:attribute name="stroke">#6b5a44</xsl:attribute>
            <xsl:attribute name="stroke-width">3</xsl:attribute>
          </xsl:otherwise>
        </xsl:choose>
      </line>
    </xsl:if>
  </xsl:template>

  <!-- Opens a part's own <svg>: nested at (x, y) in the standalone file,
       or inline in the HTML page when x and y are not given. -->
  <xsl:template name="svg-part-attributes">
    <xsl:param name="x"/>
    <xsl:param name="y"/>
    <xsl:param name="width"/>
    <xsl:param name="height"/>
    <xsl:param name="class"/>
    <xsl:if test="string($y) != ''">
      <xsl:attribute name="x"><xsl:value-of select="$x"/></xsl:attribute>
      <xsl:attribute name="y"><xsl:value-of select="$y"/></xsl:attribute>
    </xsl:if>
    <xsl:if test="$class != ''"><xsl:attribute name="class"><xsl:value-of select="$class"/></xsl:attribute></xsl:if>
    <xsl:attribute name="width"><xsl:value-of select="$width"/></xsl:attribute>
    <xsl:attribute name="height"><xsl:value-of select="$height"/></xsl:attribute>
    <xsl:attribute name="viewBox"><xsl:value-of select="concat('0 0 ', $width, ' ', $height)"/></xsl:attribute>
    <xsl:attribute name="font-family"><xsl:value-of select="$svg-font"/></xsl:attribute>
  </xsl:template>

  <!-- ================================ map ============================== -->

  <xsl:template name="board-svg-map">
    <xsl:param name="x" select="0"/>
    <xsl:param name="y"/>
    <xsl:param name="class" select="''"/>
    <svg version="1.1">
      <xsl:call-template name="svg-part-attributes">
        <xsl:with-param name="x" select="$x"/>
        <xsl:with-param name="y" select="$y"/>
        <xsl:with-param name="width" select="$layout/map/@width"/>
        <xsl:with-param name="height" select="$map-height"/>
        <xsl:with-param name="class" select="$class"/>
      </xsl:call-template>
      <title>
        <xsl:value-of select="concat('Map of the board after run ', $game/@run)"/>
      </title>
      <rect x="0" y="0" width="{$layout/map/@width}" height="{$map-height}"
          rx="10" fill="#e3eef7" stroke="#b7cbe0"/>
      <xsl:for-each select="$layout/map/region">
        <rect x="{@x}" y="{@y}" width="{@w}" height="{@h}" rx="14"
            fill="#f4efe3" stroke="#d9cfb8" stroke-width="1"/>
        <text x="{@lx}" y="{@ly}" font-size="13" font-style="italic"
            fill="#a89a7c" letter-spacing="2">
          <xsl:value-of select="@label"/>
        </text>
      </xsl:for-each>

      <!-- Adjacency first, so that the shapes cover the line ends. -->
      <g>
        <title>Adjacency: solid lines join areas, dashed lines join a home country to its neighbouring areas</title>
        <xsl:for-each select="$rs/adjacency/border">
          <xsl:call-template name="svg-line">
            <xsl:with-param name="from">
              <xsl:call-template name="svg-centre">
                <xsl:with-param name="id" select="@a"/>
                <xsl:with-param name="what" select="'area'"/>
              </xsl:call-template>
            </xsl:with-param>
            <xsl:with-param name="to">
              <xsl:call-template name="svg-centre">
                <xsl:with-param name="id" select="@b"/>
                <xsl:with-param name="what" select="'area'"/>
              </xsl:call-template>
            </xsl:with-param>
          </xsl:call-template>
        </xsl:for-each>
        <xsl:for-each select="$rs/countries/country/home-adjacent">
          <xsl:call-template name="svg-line">
            <xsl:with-param name="from">
              <xsl:call-template name="svg-centre">
                <xsl:with-param name="id" select="../@id"/>
                <xsl:with-param name="what" select="'home'"/>
              </xsl:call-template>
            </xsl:with-param>
            <xsl:with-param name="to">
              <xsl:call-template name="svg-centre">
                <xsl:with-param name="id" select="@area"/>
                <xsl:with-param name="what" select="'area'"/>
              </xsl:call-template>
            </xsl:with-param>
            <xsl:with-param name="dashed" select="true()"/>
          </xsl:call-template>
        </xsl:for-each>
      </g>

      <xsl:for-each select="$rs/areas/area">
        <xsl:call-template name="svg-area"/>
      </xsl:for-each>
      <xsl:for-each select="$rs/countries/country">
        <xsl:call-template name="svg-home"/>
      </xsl:for-each>
      <xsl:call-template name="svg-legend"/>
    </svg>
  </xsl:template>

  <!-- One area (context: the ruleset's area). -->
  <xsl:template name="svg-area">
    <xsl:variable name="id" select="@id"/>
    <xsl:variable name="g">
      <xsl:call-template name="svg-geom">
        <xsl:with-param name="id" select="$id"/>
        <xsl:with-param name="what" select="'area'"/>
      </xsl:call-template>
    </xsl:variable>
    <xsl:variable name="x" select="number(substring-before($g, ' '))"/>
    <xsl:variable name="r1" select="substring-after($g, ' ')"/>
    <xsl:variable name="y" select="number(substring-before($r1, ' '))"/>
    <xsl:variable name="r2" select="substring-after($r1, ' ')"/>
    <xsl:variable name="w" select="number(substring-before($r2, ' '))"/>
    <xsl:variable name="h" select="number(substring-before(substring-after($r2, ' '), ' '))"/>
    <xsl:variable name="here" select="$st/area[@id = $id]"/>
    <xsl:variable name="sea" select="@kind = 'europe' and @ship-required = 'yes'"/>
    <g>
      <title>
        <xsl:value-of select="@name"/>
        <xsl:if test="$sea"> (sea: ships needed)</xsl:if>
        <xsl:text>. Discs: </xsl:text>
        <xsl:for-each select="$here/discs">
          <xsl:variable name="c" select="@country"/>
          <xsl:value-of select="concat(key('svg-country', $c)/@name, ' ', @count)"/>
          <xsl:if test="position() != last()">, </xsl:if>
        </xsl:for-each>
        <xsl:if test="not($here/discs)">none</xsl:if>
        <xsl:text>. Markers: </xsl:text>
        <xsl:for-each select="$here/marker">
          <xsl:variable name="m" select="key('svg-marker', @id)"/>
          <xsl:choose>
            <xsl:when test="$m/@action = 'yes'">action</xsl:when>
            <xsl:otherwise><xsl:value-of select="concat('defence ', $m/@defence)"/></xsl:otherwise>
          </xsl:choose>
          <xsl:if test="$m/@vp"><xsl:value-of select="concat(' (+', $m/@vp, ' VP)')"/></xsl:if>
          <xsl:if test="$m/@gold"><xsl:value-of select="concat(' (+', $m/@gold, ' gold)')"/></xsl:if>
          <xsl:if test="position() != last()">, </xsl:if>
        </xsl:for-each>
        <xsl:if test="not($here/marker)">none</xsl:if>
        <xsl:text>. VP by rank: </xsl:text>
        <xsl:for-each select="vp">
          <xsl:value-of select="@value"/>
          <xsl:if test="position() != last()">/</xsl:if>
        </xsl:for-each>
        <xsl:text>.</xsl:text>
      </title>
      <rect x="{$x}" y="{$y}" width="{$w}" height="{$h}" rx="8" stroke-width="1.5">
        <xsl:choose>
          <xsl:when test="$sea">
            <xsl:attribute name="fill">#cfe3f5</xsl:attribute>
            <xsl:attribute name="stroke">#5d86ad</xsl:attribute>
          </xsl:when>
          <xsl:when test="@kind = 'colony'">
            <xsl:attribute name="fill">#e4f0da</xsl:attribute>
            <xsl:attribute name="stroke">#6f8f55</xsl:attribute>
          </xsl:when>
          <xsl:otherwise>
            <xsl:attribute name="fill">#fbf6ea</xsl:attribute>
            <xsl:attribute name="stroke">#9c8561</xsl:attribute>
          </xsl:otherwise>
        </xsl:choose>
      </rect>
      <text x="{$x + 9}" y="{$y + 19}" font-size="14" font-weight="bold" fill="{$svg-ink}">
        <xsl:value-of select="@name"/>
      </text>
      <text x="{$x + $w - 8}" y="{$y + 19}" font-size="11" text-anchor="end" fill="{$svg-muted}">
        <xsl:for-each select="vp">
          <xsl:value-of select="@value"/>
          <xsl:if test="position() != last()">/</xsl:if>
        </xsl:for-each>
      </text>
      <xsl:for-each select="$here/discs">
        <xsl:variable name="i" select="position() - 1"/>
        <xsl:variable name="cx" select="$x + 22 + ($i mod 5) * 34"/>
        <xsl:variable name="cy" select="$y + 46 + floor($i div 5) * 28"/>
        <xsl:variable name="name" select="key('svg-country', @country)/@colour"/>
        <xsl:variable name="colour" select="$layout/colours/colour[@name = $name]"/>
        <xsl:variable name="fill" select="concat($colour/@fill, substring($name, 1, string-length($name) * not($colour)), substring('#9e9e9e', 1, 7 * not($colour or $name)))"/>
        <xsl:variable name="ink" select="concat($colour/@text, substring('#000000', 1, 7 * not($colour)))"/>
        <circle cx="{$cx}" cy="{$cy}" r="12" fill="{$fill}" stroke="#222222" stroke-width="1.5">
          <title>
            <xsl:value-of select="concat(key('svg-country', @country)/@name, ': ', @count, ' disc(s)')"/>
          </title>
        </circle>
        <text x="{$cx}" y="{$cy + 4.5}" font-size="13" font-weight="bold" text-anchor="middle" fill="{$ink}">
          <xsl:value-of select="@count"/>
        </text>
      </xsl:for-each>
      <xsl:for-each select="$here/marker">
        <xsl:variable name="m" select="key('svg-marker', @id)"/>
        <!-- the id orders name (ATTACK ... gs6) and the defence -->
        <xsl:variable name="mx" select="$x + 9 + (position() - 1) * 42"/>
        <xsl:variable name="my" select="$y + $h - 25"/>
        <rect x="{$mx}" y="{$my}" width="39" height="17" rx="2" stroke="#6a5330">
          <xsl:attribute name="fill">
            <xsl:choose>
              <xsl:when test="$m/@action = 'yes'">#ffd666</xsl:when>
              <xsl:otherwise>#fffdf5</xsl:otherwise>
            </xsl:choose>
          </xsl:attribute>
          <xsl:attribute name="stroke-width">
            <xsl:choose>
              <xsl:when test="$m/@vp or $m/@gold">2.5</xsl:when>
              <xsl:otherwise>1</xsl:otherwise>
            </xsl:choose>
          </xsl:attribute>
          <title>
            <xsl:value-of select="concat('Marker ', @id, ': ')"/>
            <xsl:choose>
              <xsl:when test="$m/@action = 'yes'">action</xsl:when>
              <xsl:otherwise><xsl:value-of select="concat('defence ', $m/@defence)"/></xsl:otherwise>
            </xsl:choose>
            <xsl:if test="$m/@vp"><xsl:value-of select="concat(', +', $m/@vp, ' VP')"/></xsl:if>
            <xsl:if test="$m/@gold"><xsl:value-of select="concat(', +', $m/@gold, ' gold')"/></xsl:if>
          </title>
        </rect>
        <text x="{$mx + 3}" y="{$my + 12.5}" font-size="10" fill="#3d2f16">
          <xsl:value-of select="@id"/>
        </text>
        <text x="{$mx + 36}" y="{$my + 13}" font-size="11.5" font-weight="bold"
            text-anchor="end" fill="#3d2f16">
          <xsl:choose>
            <xsl:when test="$m/@action = 'yes'">A</xsl:when>
            <xsl:otherwise><xsl:value-of select="$m/@defence"/></xsl:otherwise>
          </xsl:choose>
        </text>
      </xsl:for-each>
    </g>
  </xsl:template>

  <!-- One home country (context: the ruleset's country). -->
  <xsl:template name="svg-home">
    <xsl:variable name="g">
      <xsl:call-template name="svg-geom">
        <xsl:with-param name="id" select="@id"/>
        <xsl:with-param name="what" select="'home'"/>
      </xsl:call-template>
    </xsl:variable>
    <xsl:variable name="x" select="number(substring-before($g, ' '))"/>
    <xsl:variable name="r1" select="substring-after($g, ' ')"/>
    <xsl:variable name="y" select="number(substring-before($r1, ' '))"/>
    <xsl:variable name="r2" select="substring-after($r1, ' ')"/>
    <xsl:variable name="w" select="number(substring-before($r2, ' '))"/>
    <xsl:variable name="h" select="number(substring-before(substring-after($r2, ' '), ' '))"/>
    <xsl:variable name="player" select="$game/players/player[@country = current()/@id]"/>
    <g>
      <title>
        <xsl:value-of select="concat(@name, ' (home country')"/>
        <xsl:if test="$player"><xsl:value-of select="concat(', played by ', $player/@name)"/></xsl:if>
        <xsl:if test="not($player)">, not a player</xsl:if>
        <xsl:text>)</xsl:text>
      </title>
      <rect x="{$x}" y="{$y}" width="{$w}" height="{$h}" rx="{$h div 2}">
        <xsl:attribute name="fill">
          <xsl:call-template name="svg-colour"><xsl:with-param name="id" select="@id"/></xsl:call-template>
        </xsl:attribute>
        <xsl:attribute name="stroke">
          <xsl:call-template name="svg-colour">
            <xsl:with-param name="id" select="@id"/>
            <xsl:with-param name="part" select="'stroke'"/>
          </xsl:call-template>
        </xsl:attribute>
        <xsl:attribute name="stroke-width">
          <xsl:choose>
            <xsl:when test="$player">3</xsl:when>
            <xsl:otherwise>1.5</xsl:otherwise>
          </xsl:choose>
        </xsl:attribute>
      </rect>
      <text x="{$x + $w div 2}" y="{$y + $h div 2 + 4.5}" font-size="12.5"
          font-weight="bold" text-anchor="middle">
        <xsl:attribute name="fill">
          <xsl:call-template name="svg-colour">
            <xsl:with-param name="id" select="@id"/>
            <xsl:with-param name="part" select="'text'"/>
          </xsl:call-template>
        </xsl:attribute>
        <xsl:value-of select="@name"/>
      </text>
      <!-- its alliance: the row and box of the alliance display (R9) -->
      <xsl:variable name="slot" select="$st/alliances/slot[@country = current()/@id]"/>
      <xsl:if test="$slot">
        <xsl:variable name="top" select="$slot/@box mod 2 = 1"/>
        <rect x="{$x + $w - 16}" y="{$y - 9}" width="30" height="17" rx="8"
            fill="#ffffff" stroke="#222222" stroke-width="1.2">
          <title>
            <xsl:value-of select="concat(@name, ': alliance box ', $slot/@box, ', ')"/>
            <xsl:choose>
              <xsl:when test="$top">top row</xsl:when>
              <xsl:otherwise>bottom row</xsl:otherwise>
            </xsl:choose>
          </title>
        </rect>
        <text x="{$x + $w - 1}" y="{$y + 3.5}" font-size="11" font-weight="bold"
            text-anchor="middle" fill="#222222">
          <xsl:choose>
            <xsl:when test="$top">&#9650;</xsl:when>
            <xsl:otherwise>&#9660;</xsl:otherwise>
          </xsl:choose>
          <xsl:value-of select="$slot/@box"/>
        </text>
      </xsl:if>
    </g>
  </xsl:template>

  <xsl:template name="svg-legend">
    <xsl:variable name="lx" select="$layout/map/legend/@x"/>
    <xsl:variable name="ly" select="$layout/map/legend/@y"/>
    <g font-size="11" fill="{$svg-muted}">
      <circle cx="{$lx + 8}" cy="{$ly + 6}" r="7" fill="#9e9e9e" stroke="#222222"/>
      <text x="{$lx + 22}" y="{$ly + 10}">discs of a country (count)</text>
      <rect x="{$lx + 1}" y="{$ly + 17}" width="14" height="14" rx="2" fill="#fffdf5" stroke="#6a5330"/>
      <text x="{$lx + 8}" y="{$ly + 28}" font-size="10" font-weight="bold" text-anchor="middle" fill="#3d2f16">4</text>
      <text x="{$lx + 22}" y="{$ly + 28}">marker gs6, defence 4: "gs6 4"</text>
      <rect x="{$lx + 1}" y="{$ly + 35}" width="14" height="14" rx="2" fill="#ffd666" stroke="#6a5330"/>
      <text x="{$lx + 8}" y="{$ly + 46}" font-size="10" font-weight="bold" text-anchor="middle" fill="#3d2f16">A</text>
      <text x="{$lx + 22}" y="{$ly + 46}">action marker</text>
      <text x="{$lx + 22}" y="{$ly + 64}">thick frame: +VP or +gold</text>
      <text x="{$lx + 22}" y="{$ly + 82}">8/5/3: VP for 1st/2nd/3rd</text>
      <text x="{$lx + 22}" y="{$ly + 99}">&#9650;3 / &#9660;2: alliance, top / bottom row, box</text>
    </g>
  </xsl:template>

  <!-- ============================ action boxes ========================== -->

  <xsl:template name="board-svg-boxes">
    <xsl:param name="x" select="0"/>
    <xsl:param name="y"/>
    <xsl:param name="class" select="''"/>
    <svg version="1.1">
      <xsl:call-template name="svg-part-attributes">
        <xsl:with-param name="x" select="$x"/>
        <xsl:with-param name="y" select="$y"/>
        <xsl:with-param name="width" select="$layout/boxes/@width"/>
        <xsl:with-param name="height" select="$boxes-height"/>
        <xsl:with-param name="class" select="$class"/>
      </xsl:call-template>
      <title>Action boxes and the discs in them</title>
      <xsl:for-each select="$layout/boxes/group">
        <xsl:variable name="gx" select="@x"/>
        <xsl:variable name="gw" select="@w"/>
        <xsl:variable name="gid" select="@id"/>
        <rect x="{$gx}" y="0" width="{$gw}" height="{$boxes-height}" rx="8"
            fill="#f7f4ec" stroke="#d5cbb3"/>
        <text x="{$gx + 12}" y="24" font-size="15" font-weight="bold" fill="{$svg-ink}">
          <xsl:value-of select="@label"/>
        </text>
        <xsl:for-each select="$rs/boxes/box[@group = $gid]">
          <xsl:call-template name="svg-box-row">
            <xsl:with-param name="gx" select="$gx"/>
            <xsl:with-param name="gw" select="$gw"/>
            <xsl:with-param name="ry" select="34 + (position() - 1) * 34"/>
          </xsl:call-template>
        </xsl:for-each>
      </xsl:for-each>
    </svg>
  </xsl:template>

  <!-- One box kind (context: the ruleset's box) with its instances. -->
  <xsl:template name="svg-box-row">
    <xsl:param name="gx"/>
    <xsl:param name="gw"/>
    <xsl:param name="ry"/>
    <xsl:variable name="box" select="."/>
    <xsl:variable name="n" select="@count"/>
    <xsl:variable name="open">
      <xsl:choose>
        <xsl:when test="$large-game"><xsl:value-of select="@count"/></xsl:when>
        <xsl:otherwise><xsl:value-of select="@count - @five-plus"/></xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <line x1="{$gx + 8}" y1="{$ry}" x2="{$gx + $gw - 8}" y2="{$ry}" stroke="#e4dcc8"/>
    <text x="{$gx + 12}" y="{$ry + 15}" font-size="13" fill="{$svg-ink}">
      <xsl:value-of select="@name"/>
    </text>
    <text x="{$gx + 12}" y="{$ry + 28}" font-size="10" fill="{$svg-muted}">
      <xsl:call-template name="svg-box-detail"/>
    </text>
    <xsl:for-each select="$svg-counter[position() &lt;= $n]">
      <xsl:variable name="i" select="position()"/>
      <xsl:variable name="bx" select="$gx + $gw - 12 - ($n - $i + 1) * 28 + 4"/>
      <xsl:variable name="who" select="key('svg-box-instance', concat($box/@id, ' ', $i))/@country"/>
      <xsl:choose>
        <xsl:when test="$who">
          <rect x="{$bx}" y="{$ry + 5}" width="24" height="24" rx="4" stroke="#222222" stroke-width="1.5">
            <xsl:attribute name="fill">
              <xsl:call-template name="svg-colour"><xsl:with-param name="id" select="$who"/></xsl:call-template>
            </xsl:attribute>
            <title>
              <xsl:value-of select="concat($box/@name, ' ', $i, ': ', key('svg-country', $who)/@name)"/>
            </title>
          </rect>
          <!-- the initial: a white disc (Austria) is no empty box -->
          <text x="{$bx + 12}" y="{$ry + 21.5}" font-size="13" font-weight="bold"
              text-anchor="middle">
            <xsl:attribute name="fill">
              <xsl:call-template name="svg-colour">
                <xsl:with-param name="id" select="$who"/>
                <xsl:with-param name="part" select="'text'"/>
              </xsl:call-template>
            </xsl:attribute>
            <xsl:value-of select="substring(key('svg-country', $who)/@name, 1, 1)"/>
          </text>
        </xsl:when>
        <xsl:when test="$i &gt; $open">
          <rect x="{$bx}" y="{$ry + 5}" width="24" height="24" rx="4" fill="#eeeeee"
              stroke="#aaaaaa" stroke-dasharray="3 2">
            <title>
              <xsl:value-of select="concat($box/@name, ' ', $i, ': only with ', $rs/numbers/@large-game-players, ' or more players')"/>
            </title>
          </rect>
          <text x="{$bx + 12}" y="{$ry + 21}" font-size="9" text-anchor="middle" fill="#888888">
            <xsl:value-of select="concat($rs/numbers/@large-game-players, '+')"/>
          </text>
        </xsl:when>
        <xsl:otherwise>
          <rect x="{$bx + 1}" y="{$ry + 6}" width="22" height="22" rx="4" fill="none"
              stroke="#9c8f76" stroke-dasharray="2 2">
            <title><xsl:value-of select="concat($box/@name, ' ', $i, ': free')"/></title>
          </rect>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:for-each>
  </xsl:template>

  <!-- A short line under a box's name, from the ruleset's numbers. -->
  <xsl:template name="svg-box-detail">
    <xsl:variable name="areas">
      <xsl:for-each select="area">
        <xsl:value-of select="key('svg-area', @ref)/@name"/>
        <xsl:if test="position() != last()">, </xsl:if>
      </xsl:for-each>
    </xsl:variable>
    <xsl:choose>
      <xsl:when test="@group = 'support'">
        <xsl:value-of select="concat('+', @amount, ' in ', $areas)"/>
      </xsl:when>
      <xsl:when test="@group = 'trading'">
        <xsl:value-of select="concat(@amount, ' gold per disc in ', $areas)"/>
      </xsl:when>
      <xsl:when test="@count - @five-plus = @count">
        <xsl:value-of select="concat(@count, ' boxes')"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat(@count, ' boxes, ', @five-plus, ' of them for ', $rs/numbers/@large-game-players, '+ players')"/>
      </xsl:otherwise>
    </xsl:choose>
    <xsl:if test="@cost &gt; 0">
      <xsl:value-of select="concat('; costs ', @cost, ' gold')"/>
    </xsl:if>
  </xsl:template>

  <!-- =============================== tracks ============================= -->

  <xsl:template name="board-svg-tracks">
    <xsl:param name="x" select="0"/>
    <xsl:param name="y"/>
    <xsl:param name="class" select="''"/>
    <xsl:variable name="t" select="$layout/tracks"/>
    <xsl:variable name="max-unrest" select="$rs/numbers/@max-unrest"/>
    <xsl:variable name="top-vp">
      <xsl:for-each select="$st/country[@player = 'yes']">
        <xsl:sort select="@vp" data-type="number" order="descending"/>
        <xsl:if test="position() = 1"><xsl:value-of select="@vp"/></xsl:if>
      </xsl:for-each>
    </xsl:variable>
    <!-- The VP bar's full length stands for at least 20 VP. -->
    <xsl:variable name="vp-scale">
      <xsl:choose>
        <xsl:when test="$top-vp &gt; 20"><xsl:value-of select="$top-vp"/></xsl:when>
        <xsl:otherwise>20</xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <svg version="1.1">
      <xsl:call-template name="svg-part-attributes">
        <xsl:with-param name="x" select="$x"/>
        <xsl:with-param name="y" select="$y"/>
        <xsl:with-param name="width" select="$t/@width"/>
        <xsl:with-param name="height" select="$tracks-height"/>
        <xsl:with-param name="class" select="$class"/>
      </xsl:call-template>
      <title>Victory points and unrest of each player</title>
      <rect x="0" y="0" width="{$t/@width}" height="{$tracks-height}" rx="8"
          fill="#f7f4ec" stroke="#d5cbb3"/>
      <text x="12" y="22" font-size="15" font-weight="bold" fill="{$svg-ink}">Tracks</text>
      <text x="{$t/vp/@x}" y="22" font-size="12" font-weight="bold" fill="{$svg-muted}">
        <xsl:value-of select="concat('Victory points (bar: 0 to ', $vp-scale, ')')"/>
      </text>
      <text x="{$t/unrest/@x}" y="14" font-size="12" font-weight="bold" fill="{$svg-muted}">Unrest</text>
      <xsl:for-each select="$svg-counter[position() &lt;= $max-unrest + 1]">
        <text x="{$t/unrest/@x + (position() - 1) * $t/unrest/@cell + $t/unrest/@cell div 2}"
            y="28" font-size="9.5" text-anchor="middle" fill="{$svg-muted}">
          <xsl:value-of select="position() - 1"/>
        </text>
      </xsl:for-each>
      <xsl:for-each select="$game/players/player">
        <xsl:variable name="c" select="$st/country[@id = current()/@country]"/>
        <xsl:variable name="ry" select="34 + (position() - 1) * $t/@row"/>
        <xsl:variable name="name" select="key('svg-country', @country)/@colour"/>
        <xsl:variable name="colour" select="$layout/colours/colour[@name = $name]"/>
        <xsl:variable name="fill" select="concat($colour/@fill, substring($name, 1, string-length($name) * not($colour)), substring('#9e9e9e', 1, 7 * not($colour or $name)))"/>
        <xsl:variable name="ink" select="concat($colour/@text, substring('#000000', 1, 7 * not($colour)))"/>
        <circle cx="20" cy="{$ry + 13}" r="8" fill="{$fill}" stroke="#222222" stroke-width="1.5"/>
        <text x="34" y="{$ry + 18}" font-size="13" fill="{$svg-ink}">
          <xsl:value-of select="key('svg-country', @country)/@name"/>
        </text>
        <rect x="{$t/vp/@x}" y="{$ry + 4}" width="{$t/vp/@w}" height="18" rx="3"
            fill="#ffffff" stroke="#c9bfa8"/>
        <xsl:if test="$c/@vp &gt; 0">
          <rect x="{$t/vp/@x}" y="{$ry + 4}" height="18" rx="3" fill="{$fill}" stroke="#222222">
            <xsl:attribute name="width">
              <xsl:choose>
                <xsl:when test="$c/@vp &gt;= $vp-scale"><xsl:value-of select="$t/vp/@w"/></xsl:when>
                <xsl:otherwise><xsl:value-of select="round($c/@vp * $t/vp/@w div $vp-scale)"/></xsl:otherwise>
              </xsl:choose>
            </xsl:attribute>
          </rect>
        </xsl:if>
        <text x="{$t/vp/@x + $t/vp/@w + 8}" y="{$ry + 18}" font-size="13" font-weight="bold" fill="{$svg-ink}">
          <xsl:value-of select="$c/@vp"/>
        </text>
        <xsl:for-each select="$svg-counter[position() &lt;= $max-unrest + 1]">
          <xsl:variable name="v" select="position() - 1"/>
          <xsl:variable name="cx" select="$t/unrest/@x + $v * $t/unrest/@cell"/>
          <xsl:choose>
            <xsl:when test="$v = $c/@unrest">
              <rect x="{$cx + 1}" y="{$ry + 2}" width="{$t/unrest/@cell - 2}" height="22" rx="3"
                  fill="{$fill}" stroke="#222222" stroke-width="1.5">
                <title>
                  <xsl:value-of select="concat(key('svg-country', $c/@id)/@name, ': unrest ', $v)"/>
                </title>
              </rect>
              <text x="{$cx + $t/unrest/@cell div 2}" y="{$ry + 17}" font-size="11"
                  font-weight="bold" text-anchor="middle" fill="{$ink}">
                <xsl:value-of select="$v"/>
              </text>
            </xsl:when>
            <xsl:otherwise>
              <rect x="{$cx + 1}" y="{$ry + 4}" width="{$t/unrest/@cell - 2}" height="18" rx="2"
                  fill="#ffffff" stroke="#ddd3bd"/>
            </xsl:otherwise>
          </xsl:choose>
        </xsl:for-each>
      </xsl:for-each>
    </svg>
  </xsl:template>
</xsl:stylesheet>
