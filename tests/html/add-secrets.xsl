<?xml version="1.0" encoding="UTF-8"?>
<!--
  Test fixture maker for tests/html-report.sh: copies a game file and adds
  to its latest run what the adjudicator does not write yet but the report
  templates must already handle, each with a marker word the test greps
  for:
    - the run's first order entry becomes sealed="yes" with a secret text
      (SEALED-ORDER-TEXT);
    - a sealed rejected entry of Spain, whose text (SEALED-REJECTED-TEXT)
      nobody may see and whose reason (SEALED-REASON) only Spain may see;
    - public events of a combat type and of a type no template knows
      (PUBLIC-COMBAT-EVENT, PUBLIC-NEW-TYPE-EVENT);
    - private events for Prussia and for Spain (SECRET-FOR-PRUSSIA,
      SECRET-FOR-SPAIN).
  The result is no valid game file (the adjudicator would refuse it): the
  test renders it with xsltproc and the same parameters the program passes.
-->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="xml" encoding="UTF-8"/>

  <xsl:variable name="run" select="/game/@run"/>
  <xsl:variable name="first-order"
      select="/game/history/entry[@run = $run][@kind = 'order'][1]"/>
  <xsl:variable name="last" select="/game/history/entry[@run = $run][last()]"/>

  <xsl:template match="@*|node()">
    <xsl:copy><xsl:apply-templates select="@*|node()"/></xsl:copy>
  </xsl:template>

  <xsl:template match="entry">
    <xsl:copy>
      <xsl:apply-templates select="@*"/>
      <xsl:choose>
        <xsl:when test="generate-id() = generate-id($first-order)">
          <xsl:attribute name="sealed">yes</xsl:attribute>
          <text><xsl:value-of select="concat('STEP ', @step, '&#10;ATTACK Baltic SEALED-ORDER-TEXT')"/></text>
          <xsl:apply-templates select="node()[not(self::text)]"/>
        </xsl:when>
        <xsl:otherwise><xsl:apply-templates select="node()"/></xsl:otherwise>
      </xsl:choose>
      <xsl:if test="generate-id() = generate-id($last)">
        <event type="combat">Combat in the Baltic: PUBLIC-COMBAT-EVENT.</event>
        <event type="brand-new-type">PUBLIC-NEW-TYPE-EVENT</event>
        <event type="reveal" country="prussia" to="prussia">SECRET-FOR-PRUSSIA</event>
        <event type="dice" to="spain">SECRET-FOR-SPAIN</event>
      </xsl:if>
    </xsl:copy>
    <xsl:if test="generate-id() = generate-id($last)">
      <entry n="{@n + 1}" run="{$run}" kind="rejected" time="{@time}"
          step="{@step}" country="spain" source="secret.txt:3" sealed="yes"
          digest="{@digest}">
        <text><xsl:value-of select="concat('STEP ', @step, '&#10;ATTACK Baltic SEALED-REJECTED-TEXT')"/></text>
        <reason>SEALED-REASON</reason>
      </entry>
    </xsl:if>
  </xsl:template>
</xsl:stylesheet>
