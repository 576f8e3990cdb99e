<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="dreadboard" tilewidth="64" tileheight="64" tilecount="30" columns="5">
 <image source="dreadboard.png" width="320" height="384"/>
 <tile id="0">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="floor" value="wood"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="floor" value="tiled"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="floor" value="asphalt"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="floor" value="dirt"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="floor" value="wood"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="floor" value="tiled"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="floor" value="asphalt"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="floor" value="dirt"/>
   <property name="mark" value="green"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="floor" value="wood"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="floor" value="tiled"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="floor" value="asphalt"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="floor" value="dirt"/>
   <property name="mark" value="yellow"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="floor" value="wood"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="floor" value="tiled"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="floor" value="asphalt"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="floor" value="dirt"/>
   <property name="mark" value="amber"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="floor" value="wood"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="floor" value="tiled"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="floor" value="asphalt"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="floor" value="dirt"/>
   <property name="mark" value="red"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="floor" value="void"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="floor" value="concrete"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="floor" value="asphalt"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="floor" value="dirt"/>
   <property name="mark" value=""/>
  </properties>
 </tile>
</tileset>
